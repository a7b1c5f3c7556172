/** The coordination and lifecycle checks (coord.v1, beads, babysit), in the order they run. */
import type { Check } from './check.ts';
import { invalidCoordLine } from './coord/invalid-line.ts';
import { missingField } from './coord/missing-field.ts';
import { unknownEventType } from './coord/unknown-event-type.ts';
import { duplicateEventId } from './coord/duplicate-event-id.ts';
import { outOfOrder } from './coord/out-of-order.ts';
import { orphanRef } from './coord/orphan-ref.ts';
import { reserveHeld } from './coord/reserve-held.ts';
import { releaseNotHeld } from './coord/release-not-held.ts';
import { takeoverPolicy } from './coord/takeover-policy.ts';
import { invalidBeadsLine } from './beads/invalid-line.ts';
import { statusMismatch } from './beads/status-mismatch.ts';
import { duplicateId } from './beads/duplicate-id.ts';
import { historyGap } from './beads/history-gap.ts';
import { createdTime } from './beads/created-time.ts';
import { invalidBabysitRow } from './babysit/invalid-row.ts';

export const COORDINATION_CHECKS: readonly Check[] = [
  invalidCoordLine,
  missingField,
  unknownEventType,
  duplicateEventId,
  outOfOrder,
  orphanRef,
  reserveHeld,
  releaseNotHeld,
  takeoverPolicy,
  invalidBeadsLine,
  duplicateId,
  statusMismatch,
  historyGap,
  createdTime,
  invalidBabysitRow,
];

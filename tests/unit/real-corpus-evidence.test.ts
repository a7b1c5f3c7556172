/**
 * Every evidence cell of every real trail in ../shared/corpus/real (read where it lives; see
 * its SOURCES.md), classified as a person reads it (issue 13, item 9): the exact pointers, each
 * as `[raw, kind]`, or `[raw, kind, within]` for a pointer found inside the command (or pointer)
 * at that index. Written by reading each cell: a command stays one pointer and the SHAs and
 * files in it are listed under it; bare and partial names are paths (resolved by their unique
 * match in the tree); counts, id lists and hosts are not paths; hex words beside `delegate`,
 * `transcript`, `judge report` are the ids of agents' records, not commits; descriptions are
 * prose. A disagreement found later becomes a row change here, with the reason in the commit.
 *
 * The cells are read with the real reader (readPstackTrail), so a malformed row's evidence
 * (told apart by the header) is covered too.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPstackTrail } from '../../src/lib/adapters/pstack-trail.ts';
import { classifyEvidence } from '../../src/lib/evidence/classify.ts';
import { readCellPointers, REMARK_REASON } from '../../src/lib/evidence/cell-reading.ts';
import { resolveEvidence, type EvidenceContext } from '../../src/lib/evidence/resolve.ts';
import { ArtifactFolder } from '../../src/lib/evidence/artifacts.ts';
import type { EvidenceKind } from '../../src/lib/model/types.ts';
import { REAL_CORPUS } from '../real-corpus.ts';

type Expected = Array<[raw: string, kind: EvidenceKind, within?: number]>;

/** Each cell's pointers, by `<folder>/<trail>:<line>`. */
const CELLS: Array<[place: string, pointers: Expected]> = [
  // 1873663116__Enchron/decisions.tsv
  ["1873663116__Enchron/decisions.tsv:2", [["Scripts/verification/verify_format_description_identity.py", 'path'], ["Scripts/verification/run_verification_gauntlet.py", 'path']]],
  ["1873663116__Enchron/decisions.tsv:3", [["commit fed32c22", 'commit']]],
  ["1873663116__Enchron/decisions.tsv:4", [["commit 7abc348c", 'commit']]],
  ["1873663116__Enchron/decisions.tsv:5", [["commit 717124ab", 'commit']]],
  ["1873663116__Enchron/decisions.tsv:6", [["VerificationGauntlet/runs/20260817T060802Z-8368", 'path'], ["DerivedData/IdentityZero/Build/Products/Debug-xros/Enchron.app", 'path']]],
  ["1873663116__Enchron/decisions.tsv:7", [["/Volumes/Cortisol/DevSpace/Xcode/Enchron/VerificationGauntlet/runs/20260817T060802Z-8368/summary.json", 'ephemeral'], ["/Volumes/Cortisol/DevSpace/Xcode/Enchron/DerivedData/IdentityZero/Build/Products/Debug-xros/Enchron.app", 'ephemeral']]],
  ["1873663116__Enchron/decisions.tsv:8", [["commit d651805e", 'commit']]],
  ["1873663116__Enchron/decisions.tsv:9", [["commit 50fc21f1", 'commit']]],
  ["1873663116__Enchron/decisions.tsv:10", [["/Volumes/Cortisol/DevSpace/Xcode/Enchron/VerificationGauntlet/runs/20260817T062839Z-36703/summary.json", 'ephemeral'], ["/Volumes/Cortisol/DevSpace/Xcode/Enchron/DerivedData/IdentityZero/Build/Products/Debug-xros/Enchron.app", 'ephemeral']]],
  // AntApper__FujiRecipesMac/decisions.tsv
  ["AntApper__FujiRecipesMac/decisions.tsv:2", [["macos/Source/RecipeStore.swift:116", 'path']]],
  ["AntApper__FujiRecipesMac/decisions.tsv:3", [["macos/Source/AppShell.swift:482", 'path']]],
  ["AntApper__FujiRecipesMac/decisions.tsv:4", [["macos/Source/CameraViews.swift:58", 'path']]],
  ["AntApper__FujiRecipesMac/decisions.tsv:5", [["macos/Source/RecipeViews.swift:30", 'path']]],
  ["AntApper__FujiRecipesMac/decisions.tsv:6", [["scripts/validate-image-capture-core.sh:1", 'path']]],
  ["AntApper__FujiRecipesMac/decisions.tsv:7", [["FujiPTPClient/Sources/PTPClientMacOS/ImageCaptureCorePTPClient.swift:70", 'path']]],
  ["AntApper__FujiRecipesMac/decisions.tsv:8", [["FujiRecipesCore/Sources/FujiRecipesCore/Models/LoadoutStore.swift:191", 'path']]],
  ["AntApper__FujiRecipesMac/decisions.tsv:9", [["FujiPTPClient/Sources/PTPClientMacOS/ImageCaptureCorePTPClient.swift:510", 'path']]],
  ["AntApper__FujiRecipesMac/decisions.tsv:10", [["macos/Source/AppShell.swift", 'path'], ["macos/Source/App.swift", 'path'], ["macos/Source/CameraViews.swift", 'path'], ["macos/Source/RecipeViews.swift", 'path'], ["macos/Source/RecipeStore.swift", 'path']]],
  // Chinkhusel14__bulaa/decisions.tsv
  ["Chinkhusel14__bulaa/decisions.tsv:2", [["e8a6404a", 'reference'], ["dfbef519", 'reference']]],
  ["Chinkhusel14__bulaa/decisions.tsv:3", [["git status -sb", 'command']]],
  ["Chinkhusel14__bulaa/decisions.tsv:4", [["bbc75ed2.jsonl", 'ephemeral'], ["0c414163.jsonl", 'ephemeral']]],
  ["Chinkhusel14__bulaa/decisions.tsv:5", [["packages/shared/src/schemas/index.ts", 'path'], ["packages/shared/src/constants/index.ts", 'path']]],
  ["Chinkhusel14__bulaa/decisions.tsv:6", [["packages/db/src/schema/index.ts", 'path']]],
  ["Chinkhusel14__bulaa/decisions.tsv:7", [["packages/db/src/migrations/0000_yellow_hedge_knight.sql", 'path']]],
  ["Chinkhusel14__bulaa/decisions.tsv:8", [["apps/backend/src/config/env.ts", 'path']]],
  ["Chinkhusel14__bulaa/decisions.tsv:9", [["apps/backend/src/plugins/db.ts", 'path'], ["redis.ts", 'path'], ["session.ts", 'path'], ["src/app.ts", 'path']]],
  ["Chinkhusel14__bulaa/decisions.tsv:10", [["apps/backend/src/plugins/cors.ts", 'path']]],
  ["Chinkhusel14__bulaa/decisions.tsv:11", [["apps/backend/src/modules/auth/index.ts", 'path']]],
  ["Chinkhusel14__bulaa/decisions.tsv:12", [["apps/backend/src/modules/auth/eligibility.ts", 'path']]],
  ["Chinkhusel14__bulaa/decisions.tsv:13", [["apps/backend/src/modules/auth/phone.ts", 'path']]],
  ["Chinkhusel14__bulaa/decisions.tsv:14", [["apps/backend/src/modules/auth/sms/", 'path']]],
  ["Chinkhusel14__bulaa/decisions.tsv:15", [["pnpm --filter @bulaa/backend add drizzle-orm", 'command']]],
  ["Chinkhusel14__bulaa/decisions.tsv:16", [["apps/front/components/home/site-header.tsx", 'path']]],
  ["Chinkhusel14__bulaa/decisions.tsv:17", [["apps/front/app/auth/phone/page.tsx", 'path']]],
  ["Chinkhusel14__bulaa/decisions.tsv:18", [["apps/front/app/auth/error/page.tsx", 'path']]],
  ["Chinkhusel14__bulaa/decisions.tsv:19", [["apps/front/lib/api.ts", 'path'], ["apps/front/lib/use-auth.ts", 'path']]],
  ["Chinkhusel14__bulaa/decisions.tsv:20", [["terminal output: 6 pass, 0 fail", 'prose']]],
  ["Chinkhusel14__bulaa/decisions.tsv:21", [["tsc --noEmit exits 0", 'command']]],
  ["Chinkhusel14__bulaa/decisions.tsv:22", [["tsc --noEmit exits 0", 'command']]],
  ["Chinkhusel14__bulaa/decisions.tsv:23", [["n/a", 'prose']]],
  ["Chinkhusel14__bulaa/decisions.tsv:24", [["53c93d23", 'reference']]],
  ["Chinkhusel14__bulaa/decisions.tsv:25", [["e8bfcebb", 'reference']]],
  // ChronoAIProject__NyxID/decisions.tsv
  ["ChronoAIProject__NyxID/decisions.tsv:2", [["SCALING_IMPLEMENTATION_NOTES.md", 'path']]],
  ["ChronoAIProject__NyxID/decisions.tsv:3", [["cargo test -p nyxid", 'command']]],
  ["ChronoAIProject__NyxID/decisions.tsv:4", [["docs/HORIZONTAL_SCALING_ARCHITECTURE.md", 'path']]],
  ["ChronoAIProject__NyxID/decisions.tsv:5", [["SCALING_IMPLEMENTATION_NOTES.md", 'path']]],
  ["ChronoAIProject__NyxID/decisions.tsv:6", [["/tmp/pstack-arena-nyxid-scaling/candidate-1/design.md", 'ephemeral']]],
  ["ChronoAIProject__NyxID/decisions.tsv:7", [["SCALING_IMPLEMENTATION_NOTES.md", 'path']]],
  ["ChronoAIProject__NyxID/decisions.tsv:8", [["git branches feat/scaling-coordination, feat/scaling-mcp, feat/scaling-deploy-docs", 'command']]],
  ["ChronoAIProject__NyxID/decisions.tsv:9", [["docs/HORIZONTAL_SCALING_ARCHITECTURE.md", 'path']]],
  ["ChronoAIProject__NyxID/decisions.tsv:10", [["services::node_routing_service::tests::expired_owner_fences_a_stale_local_socket", 'test']]],
  // Emanuele-web04__synara/decisions.tsv
  ["Emanuele-web04__synara/decisions.tsv:2", [["DELEGATION.md", 'path']]],
  ["Emanuele-web04__synara/decisions.tsv:3", [["GATES.md", 'path']]],
  ["Emanuele-web04__synara/decisions.tsv:4", [["apps/web/src/*", 'path'], ["__root.tsx", 'path', 0]]],
  ["Emanuele-web04__synara/decisions.tsv:5", [["cd apps/web && bun run test (4 files, 15/15 tests)", 'command'], ["apps/web", 'path', 0]]],
  ["Emanuele-web04__synara/decisions.tsv:6", [["bun fmt", 'command'], ["bun lint", 'command'], ["bun typecheck", 'command']]],
  ["Emanuele-web04__synara/decisions.tsv:7", [["npx react-doctor@latest --verbose --scope changed", 'command']]],
  ["Emanuele-web04__synara/decisions.tsv:8", [["git commit", 'command']]],
  ["Emanuele-web04__synara/decisions.tsv:9", [["feedbackGithubIssue.ts", 'path'], ["feedbackGithubIssue.test.ts", 'path']]],
  ["Emanuele-web04__synara/decisions.tsv:10", [["FeedbackDialog.tsx", 'path'], ["FeedbackDialog.test.tsx", 'path']]],
  ["Emanuele-web04__synara/decisions.tsv:11", [["Sidebar.tsx", 'path'], ["SidebarSearchPalette.tsx", 'path'], ["__root.tsx", 'path']]],
  ["Emanuele-web04__synara/decisions.tsv:12", [["bun fmt", 'command'], ["bun lint", 'command'], ["bun typecheck", 'command'], ["cd apps/web && bun run test", 'command'], ["apps/web", 'path', 3]]],
  // EnzoTironi__OS/.audit/build-v1-04.tsv
  ["EnzoTironi__OS/.audit/build-v1-04.tsv:2", [["eea4cf220d00dd05d7290b7b3009889da0379301", 'commit']]],
  ["EnzoTironi__OS/.audit/build-v1-04.tsv:3", [["just e2e durable-commit", 'command'], ["just e2e governed-action", 'command']]],
  ["EnzoTironi__OS/.audit/build-v1-04.tsv:4", [["docs/adr/0006-operation-identity-durable-commit.md", 'path'], ["crates/zoen-adapters/src/action_store.rs", 'path']]],
  ["EnzoTironi__OS/.audit/build-v1-04.tsv:5", [["commit 2842af7", 'commit'], ["npm run build", 'command'], ["cargo test --locked --workspace", 'command']]],
  ["EnzoTironi__OS/.audit/build-v1-04.tsv:6", [[".audit/build-v1-04.tsv", 'path']]],
  ["EnzoTironi__OS/.audit/build-v1-04.tsv:7", [["docker compose --project-name zoen-probe version", 'command']]],
  ["EnzoTironi__OS/.audit/build-v1-04.tsv:8", [["just e2e durable-commit failed at publish", 'command'], ["crates/zoen-engine/src/admission.rs:141-162", 'path']]],
  ["EnzoTironi__OS/.audit/build-v1-04.tsv:9", [["just e2e durable-commit", 'command'], ["artifacts/durable-commit.json", 'path']]],
  ["EnzoTironi__OS/.audit/build-v1-04.tsv:10", [["just e2e governed-action failed at duplicate-intent status 7 versus 5", 'command']]],
  ["EnzoTironi__OS/.audit/build-v1-04.tsv:11", [["just e2e governed-action failed because commit returned normally instead of Connect InvalidArgument", 'command']]],
  ["EnzoTironi__OS/.audit/build-v1-04.tsv:12", [["just e2e governed-action", 'command'], ["artifacts/governed-action.json", 'path']]],
  ["EnzoTironi__OS/.audit/build-v1-04.tsv:13", [["PR 225", 'reference'], ["commit 3d2dc89", 'commit']]],
  // Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:2", [["src/macro_ui/canvas_model.rs CanvasSelection", 'symbol']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:3", [["src/macro_ui/inspector.rs project_inspector", 'symbol']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:4", [["src/macro_ui/mod.rs insertion_target", 'symbol']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:5", [["src/macro_ui/canvas.rs group_world_rect", 'symbol']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:6", [["src/macro_ui/library.rs", 'path']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:7", [["cargo test palette", 'command'], ["cargo test invalid_cross_branch_link", 'command'], ["cargo test if_inspector_names_then_and_else", 'command'], ["cargo test if_groups_expose_typed_then", 'command'], ["cargo test if_else_port_click", 'command']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:8", [["https://github.com/Howard-Starfield/Diablo-IV-Masterwork-Companion/pull/1", 'url']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:9", [["src/macro_ui/library.rs", 'path']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:10", [["src/macro_ui/canvas.rs selection_for_port", 'symbol']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:11", [["src/macro_ui/mod.rs palette_inserts_into_selected_if_then_branch", 'symbol'], ["src/macro_ui/canvas.rs empty_if_then_slot_click", 'symbol'], ["src/macro_ui/canvas.rs empty_if_else_slot_click", 'symbol']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:12", [["cargo test palette_inserts_into_selected_if_", 'command'], ["cargo test palette_covers_core_types", 'command'], ["cargo test if_else_port_click", 'command'], ["cargo test invalid_cross_branch_link", 'command'], ["cargo test empty_if_", 'command']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:13", [["https://github.com/Howard-Starfield/Diablo-IV-Masterwork-Companion/pull/1", 'url']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:14", [["src/macro_ui/editor.rs EditorCommand", 'symbol']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:15", [["src/macro_ui/mod.rs PaletteKind::Continuous", 'symbol']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:16", [["src/macro_ui/mod.rs watch_insert_lane_command", 'symbol']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:17", [["src/macro_ui/inspector.rs FlowEdit::Action", 'symbol']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:18", [["cargo test macro_ui::", 'command'], ["cargo test rejects_unpaced_continuous", 'command']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:19", [["https://github.com/Howard-Starfield/Diablo-IV-Masterwork-Companion/pull/2", 'url']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:20", [["src/macro_ui/step_list.rs StepListRow", 'symbol']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:21", [["src/macro_ui/mod.rs show_step_list", 'symbol']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:22", [["src/macro_ui/mod.rs editor_selection_actions", 'symbol']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:23", [["src/macro_ui/mod.rs", 'path']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:24", [["cargo test", 'command'], ["artifacts/PR-macro-list/list-01-macro.png", 'path'], ["list-02-rows.png", 'path'], ["list-03-if.png", 'path'], ["list-09-enchant.png", 'path']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:25", [["https://github.com/Howard-Starfield/Diablo-IV-Masterwork-Companion/pull/3", 'url']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:26", [["src/macro_ui/mod.rs LiveTargetStatus", 'symbol']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:27", [["src/macro_ui/mod.rs status_strip", 'symbol']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:28", [["src/macro_ui/mod.rs record_side_pane_widths", 'symbol']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:29", [["src/macro_ui/mod.rs MacroPage", 'symbol']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:30", [["cargo test", 'command'], ["artifacts/PR-macro-shell/shell-01-macro.png", 'path'], ["shell-04-history.png", 'path'], ["shell-07-enchant.png", 'path'], ["shell-08-back.png", 'path']]],
  ["Howard-Starfield__Diablo-IV-Masterwork-Companion/decisions.tsv:31", [["https://github.com/Howard-Starfield/Diablo-IV-Masterwork-Companion/pull/4", 'url']]],
  // HustleCoding__pstack-codex/decisions.tsv
  ["HustleCoding__pstack-codex/decisions.tsv:2", [["https://github.com/cursor/plugins/compare/14d9dfa06283faa94bf9931d3e98c189bc375680...424829e3e0f7e5a8b9181412ca04e84e026a0c02", 'url']]],
  ["HustleCoding__pstack-codex/decisions.tsv:3", [["scripts/audit.py", 'path']]],
  ["HustleCoding__pstack-codex/decisions.tsv:4", [["AGENTS.md", 'path']]],
  ["HustleCoding__pstack-codex/decisions.tsv:5", [["skills/poteto-mode/scripts/package.json", 'path']]],
  ["HustleCoding__pstack-codex/decisions.tsv:6", [["skills/poteto-mode/playbooks", 'path']]],
  ["HustleCoding__pstack-codex/decisions.tsv:7", [["skills/poteto-mode/scripts/watch-pr/watch-pr", 'path']]],
  ["HustleCoding__pstack-codex/decisions.tsv:8", [[".gitignore", 'path']]],
  ["HustleCoding__pstack-codex/decisions.tsv:9", [["skills/poteto-mode/scripts/worktree-audit.sh", 'path']]],
  ["HustleCoding__pstack-codex/decisions.tsv:10", [["/Users/person-1/.codex/backups/pstack-codex-20260803T065246Z", 'ephemeral']]],
  ["HustleCoding__pstack-codex/decisions.tsv:11", [["skills/no-comments/SKILL.md", 'path']]],
  // ImNallen__BotCode/decisions.tsv
  ["ImNallen__BotCode/decisions.tsv:2", [["docs/architecture.md", 'path'], ["/tmp/t3ref/t3code", 'ephemeral']]],
  ["ImNallen__BotCode/decisions.tsv:3", [["/tmp/bot-checkpoints-design-verdict.md", 'ephemeral']]],
  ["ImNallen__BotCode/decisions.tsv:4", [["src/chat/checkpoints.test.ts", 'path']]],
  ["ImNallen__BotCode/decisions.tsv:5", [["crates/bot-core/tests/checkpoints.rs", 'path']]],
  ["ImNallen__BotCode/decisions.tsv:6", [["/tmp/bot-checkpoints-runtime-review.md", 'ephemeral'], ["crates/bot-core/tests/checkpoints.rs", 'path']]],
  ["ImNallen__BotCode/decisions.tsv:7", [["/tmp/bot-checkpoints-final-review.md", 'ephemeral'], ["crates/bot-core/src/checkpoints/tests.rs", 'path']]],
  ["ImNallen__BotCode/decisions.tsv:8", [["/tmp/bot-checkpoints-native/evidence/git-timestamp-mutation-final.log", 'ephemeral']]],
  ["ImNallen__BotCode/decisions.tsv:9", [["native inspector and screenshot in task transcript", 'prose']]],
  ["ImNallen__BotCode/decisions.tsv:10", [["crates/bot-core/tests/checkpoints.rs", 'path'], ["/tmp/bot-checkpoints-native/evidence/folder-hold-mutation.log", 'ephemeral']]],
  ["ImNallen__BotCode/decisions.tsv:11", [["docs/verification.md", 'path'], ["/tmp/bot-checkpoints-native/evidence/final-before-revert.json", 'ephemeral'], ["/tmp/bot-checkpoints-native/evidence/final-after-revert.json", 'ephemeral']]],
  ["ImNallen__BotCode/decisions.tsv:12", [["/tmp/bot-checkpoints-native/evidence/final-after-restart.json", 'ephemeral'], ["native screenshot in task transcript", 'prose']]],
  ["ImNallen__BotCode/decisions.tsv:13", [["/tmp/bot-checkpoints-final-review.md", 'ephemeral'], ["/tmp/bot-checkpoints-comment-review.md", 'ephemeral']]],
  ["ImNallen__BotCode/decisions.tsv:14", [["/tmp/bot-checkpoints-native/evidence/core-tests-final.log", 'ephemeral'], ["/tmp/bot-checkpoints-native/evidence/ui-tests-final.log", 'ephemeral'], ["/tmp/bot-checkpoints-native/evidence/typecheck-final.log", 'ephemeral']]],
  ["ImNallen__BotCode/decisions.tsv:15", [["command -v origin", 'command'], ["GitHub create_pull_request tool", 'prose']]],
  ["ImNallen__BotCode/decisions.tsv:16", [["/tmp/bot-checkpoints-native/evidence/core-tests-pr.log", 'ephemeral'], ["/tmp/bot-checkpoints-native/evidence/ui-tests-pr.log", 'ephemeral'], ["/tmp/bot-checkpoints-native/evidence/build-pr.log", 'ephemeral']]],
  ["ImNallen__BotCode/decisions.tsv:17", [["/tmp/t3ref/t3code", 'ephemeral'], ["apps/server/src/provider/Layers/ProviderSessionReaper.ts", 'ephemeral'], ["CodexSessionRuntime.ts", 'ephemeral']]],
  ["ImNallen__BotCode/decisions.tsv:18", [["crash_expires_pending_approvals_and_user_questions", 'test']]],
  ["ImNallen__BotCode/decisions.tsv:19", [["Tauri window screenshot", 'prose'], ["crash_mid_turn", 'test']]],
  ["ImNallen__BotCode/decisions.tsv:20", [["Tauri window screenshots before and after", 'prose']]],
  // Jenzoga__JMT-MCMT/decisions.tsv
  ["Jenzoga__JMT-MCMT/decisions.tsv:2", [["branch 1221 survey report", 'prose']]],
  ["Jenzoga__JMT-MCMT/decisions.tsv:3", [["~/.local/jdk/zulu8.96.0.205.../Contents/Home/bin/java -version = 1.8.0_504", 'command'], ["~/.local/jdk/zulu8.96.0.205.../Contents/Home/bin/java", 'ephemeral', 0]]],
  ["Jenzoga__JMT-MCMT/decisions.tsv:4", [["maven.minecraftforge.net", 'url']]],
  ["Jenzoga__JMT-MCMT/decisions.tsv:5", [["META-INF/gradle-plugins/net.minecraftforge.gradle.forge.properties", 'path']]],
  ["Jenzoga__JMT-MCMT/decisions.tsv:6", [["gradle error \"Could not find method runs()\" then green config", 'prose']]],
  ["Jenzoga__JMT-MCMT/decisions.tsv:7", [["etc/buildscripts/gen-userdev.sh", 'path'], ["setupCiWorkspace BUILD SUCCESSFUL", 'prose'], ["forgeBin jar has 3344 MC + 1510 Forge classes", 'prose']]],
  ["Jenzoga__JMT-MCMT/decisions.tsv:8", [["1145 merged patches apply with valid checksums", 'prose'], ["ItemStack.getItem recursion gone", 'prose']]],
  ["Jenzoga__JMT-MCMT/decisions.tsv:9", [["308 overrides", 'prose'], ["server boots past worldgen", 'prose']]],
  ["Jenzoga__JMT-MCMT/decisions.tsv:10", [["Item$22 apply() resolves", 'prose'], ["no AbstractMethodError", 'prose']]],
  ["Jenzoga__JMT-MCMT/decisions.tsv:11", [["Done (7.552s)! + MCMT coremod transformer active in run log", 'prose']]],
  ["Jenzoga__JMT-MCMT/decisions.tsv:12", [["returns green compile", 'prose'], ["runServer boots with MCMT-Pool threads live", 'prose']]],
  ["Jenzoga__JMT-MCMT/decisions.tsv:13", [["log \"Patched MinecraftServer: preTick + 1 world tick dispatch site(s)\"", 'prose']]],
  ["Jenzoga__JMT-MCMT/decisions.tsv:14", [["jar-wide ASM scan (T3-T11)", 'prose']]],
  ["Jenzoga__JMT-MCMT/decisions.tsv:15", [["log \"Patched World: 1 entity tick dispatch site(s)\"", 'prose'], ["60s run clean", 'prose']]],
  // Jonghakseo__picky/decisions.tsv
  ["Jonghakseo__picky/decisions.tsv:2", [["/private/tmp/picky-screen-context-handoff.md", 'ephemeral']]],
  ["Jonghakseo__picky/decisions.tsv:3", [["agentd/src/domain/queue-policy.ts", 'path']]],
  ["Jonghakseo__picky/decisions.tsv:4", [["agentd/src/domain/queue-policy.ts", 'path'], ["finding F2", 'reference']]],
  ["Jonghakseo__picky/decisions.tsv:5", [["agentd/src/domain/queue-policy.ts", 'path'], ["finding F1", 'reference']]],
  ["Jonghakseo__picky/decisions.tsv:6", [["#13", 'reference'], ["agentd/src/runtime/types.ts input_delivery", 'symbol']]],
  ["Jonghakseo__picky/decisions.tsv:7", [["#15", 'reference'], ["#17", 'reference'], ["#19", 'reference'], ["#21", 'reference'], ["#23", 'reference']]],
  ["Jonghakseo__picky/decisions.tsv:8", [["agentd/src/application/pi-session-syncer.test.ts", 'path']]],
  ["Jonghakseo__picky/decisions.tsv:9", [["Picky/Sessions/PickySessionComposerDraftController.swift", 'path'], ["PickyTests/PickySessionViewModelTests.swift screenAttachedQueuedInputsCannotRestoreOrClearThroughRestorePath", 'test']]],
  ["Jonghakseo__picky/decisions.tsv:10", [["Picky/PickySessionViewModel.swift abortRestoringQueuedInputs", 'symbol']]],
  ["Jonghakseo__picky/decisions.tsv:11", [["agentd/src/session-supervisor.ts:2217", 'path'], ["PickyTests/PickySessionViewModelTests.swift scopedRestoreIsBlockedWhenAnotherQueueKindHoldsScreenContext", 'test']]],
  ["Jonghakseo__picky/decisions.tsv:12", [["finding F2", 'reference'], ["agentd/src/session-supervisor.ts clearQueue", 'symbol']]],
  ["Jonghakseo__picky/decisions.tsv:13", [["Picky/Context/PickyAppSupport.swift:80-90", 'path'], ["agentd/src/session-supervisor.ts", 'path']]],
  // LeoMartinDev__Plume/decisions.tsv
  ["LeoMartinDev__Plume/decisions.tsv:2", [["docs/stt-gpui-plan.md", 'path']]],
  ["LeoMartinDev__Plume/decisions.tsv:3", [["task error output", 'prose']]],
  ["LeoMartinDev__Plume/decisions.tsv:4", [["git rev-parse HEAD", 'command']]],
  ["LeoMartinDev__Plume/decisions.tsv:5", [["crates/stt-core/src/lib.rs", 'path']]],
  ["LeoMartinDev__Plume/decisions.tsv:6", [["crates/stt-shell/Cargo.toml", 'path']]],
  ["LeoMartinDev__Plume/decisions.tsv:7", [["scripts/check-spec.mjs", 'path']]],
  ["LeoMartinDev__Plume/decisions.tsv:8", [["cargo build/run/test/clippy/fmt", 'command'], ["node --help output in transcript", 'command']]],
  ["LeoMartinDev__Plume/decisions.tsv:9", [["git rev-parse HEAD", 'command']]],
  ["LeoMartinDev__Plume/decisions.tsv:10", [["decisions.tsv", 'path']]],
  ["LeoMartinDev__Plume/decisions.tsv:11", [["docs/spec/*.md", 'path']]],
  ["LeoMartinDev__Plume/decisions.tsv:12", [["docs/spec/platform-matrix.md", 'path']]],
  ["LeoMartinDev__Plume/decisions.tsv:13", [["ls package.json Cargo.toml missing", 'command']]],
  ["LeoMartinDev__Plume/decisions.tsv:14", [["docs/stt-gpui-plan.md", 'path']]],
  ["LeoMartinDev__Plume/decisions.tsv:15", [["wc -w docs/spec/*.md output in transcript", 'command'], ["docs/spec/*.md", 'path', 0]]],
  ["LeoMartinDev__Plume/decisions.tsv:16", [["https://github.com/LeoMartinDev/stt-gpui/pull/1", 'url']]],
  ["LeoMartinDev__Plume/decisions.tsv:17", [["git reflog", 'command'], ["git show --stat b732012", 'command'], ["b732012", 'commit', 1]]],
  ["LeoMartinDev__Plume/decisions.tsv:18", [["gh pr view 1 --json files", 'command']]],
  ["LeoMartinDev__Plume/decisions.tsv:19", [["git reflog 22:02:09", 'command'], ["git show b732012", 'command'], ["b732012", 'commit', 1]]],
  ["LeoMartinDev__Plume/decisions.tsv:20", [["git rebase --onto main b732012", 'command'], ["b732012", 'commit', 0], ["gh pr view 1", 'command']]],
  ["LeoMartinDev__Plume/decisions.tsv:21", [["decisions.tsv", 'path']]],
  ["LeoMartinDev__Plume/decisions.tsv:22", [["gh pr view 1 files", 'command']]],
  ["LeoMartinDev__Plume/decisions.tsv:23", [["gh pr view 2 files, owner verify log", 'command']]],
  ["LeoMartinDev__Plume/decisions.tsv:24", [["gh pr view 1", 'command'], ["gh pr view 2", 'command']]],
  ["LeoMartinDev__Plume/decisions.tsv:25", [["8476774e", 'reference']]],
  ["LeoMartinDev__Plume/decisions.tsv:26", [["chat 08:25, prior checkpoint cancelled as unclear", 'prose']]],
  ["LeoMartinDev__Plume/decisions.tsv:27", [["6dddc98c", 'reference'], ["/tmp/arena-stt-engine/synthesis/", 'ephemeral', 0]]],
  ["LeoMartinDev__Plume/decisions.tsv:28", [["HF api, cargo info output in transcript", 'prose']]],
  ["LeoMartinDev__Plume/decisions.tsv:29", [["/tmp/ort-probe", 'ephemeral'], ["terminals/818402.txt", 'path']]],
  ["LeoMartinDev__Plume/decisions.tsv:30", [["/tmp/ort-probe/examples/open.rs", 'ephemeral']]],
  ["LeoMartinDev__Plume/decisions.tsv:31", [["main at 8e1b8b2", 'prose'], ["8e1b8b2", 'commit', 0]]],
  ["LeoMartinDev__Plume/decisions.tsv:32", [["main at 7272330, remote matches", 'prose'], ["7272330", 'commit', 0]]],
  ["LeoMartinDev__Plume/decisions.tsv:33", [["decisions.tsv", 'path'], [".gitignore", 'path']]],
  ["LeoMartinDev__Plume/decisions.tsv:34", [["main at d3fcc42, remote matches", 'prose'], ["d3fcc42", 'commit', 0]]],
  ["LeoMartinDev__Plume/decisions.tsv:35", [["/tmp/gpui-probe/artifacts/", 'ephemeral']]],
  ["LeoMartinDev__Plume/decisions.tsv:36", [["main pushed, remote matches", 'prose']]],
  ["LeoMartinDev__Plume/decisions.tsv:37", [["main pushed, remote matches", 'prose'], ["rebase kept stt-audio intact", 'prose']]],
  ["LeoMartinDev__Plume/decisions.tsv:38", [["main pushed, remote matches", 'prose'], ["rebase kept audio plus inject intact", 'prose']]],
  ["LeoMartinDev__Plume/decisions.tsv:39", [["no code change, audit line appended", 'prose']]],
  ["LeoMartinDev__Plume/decisions.tsv:40", [["main pushed, remote matches", 'prose']]],
  ["LeoMartinDev__Plume/decisions.tsv:41", [["0a0fc32", 'commit']]],
  ["LeoMartinDev__Plume/decisions.tsv:42", [["6 cursor/* plus pr-1/pr-2 deleted local and remote, pr1/pr2 worktrees pruned, only main left", 'prose']]],
  ["LeoMartinDev__Plume/decisions.tsv:43", [["ci.yml", 'path']]],
  ["LeoMartinDev__Plume/decisions.tsv:44", [["windows.rs", 'path'], ["chord.rs", 'path'], ["lib.rs", 'path']]],
  ["LeoMartinDev__Plume/decisions.tsv:45", [["script plus 6 docs", 'prose']]],
  ["LeoMartinDev__Plume/decisions.tsv:46", [["Cargo.lock", 'path']]],
  // Routemahiro__ato_sukoshi/decisions.tsv
  ["Routemahiro__ato_sukoshi/decisions.tsv:2", [["src/stage-model.js reduceCharacterSlide", 'symbol'], ["src/app.js shiftCharacter", 'symbol'], ["src/index.template.html #character-prev", 'symbol'], ["src/index.template.html #character-next", 'symbol'], ["src/index.template.html #stage-track", 'symbol']]],
  ["Routemahiro__ato_sukoshi/decisions.tsv:3", [["classifyStageGesture in src/stage-model.js", 'symbol']]],
  ["Routemahiro__ato_sukoshi/decisions.tsv:4", [["shiftCharacter already cancels the previous pair before starting the next", 'prose']]],
  // SenriganMaster__csv_zero/decisions.tsv
  ["SenriganMaster__csv_zero/decisions.tsv:2", [["docs/BRIEF.md:63-64", 'path']]],
  ["SenriganMaster__csv_zero/decisions.tsv:3", [["progress_log.txt", 'path']]],
  ["SenriganMaster__csv_zero/decisions.tsv:4", [["git ls-files", 'command']]],
  ["SenriganMaster__csv_zero/decisions.tsv:5", [["https://github.com/box/spout/issues/53", 'url']]],
  ["SenriganMaster__csv_zero/decisions.tsv:6", [["package.json", 'path'], ["git log -3", 'command']]],
  ["SenriganMaster__csv_zero/decisions.tsv:7", [[".work/arena/rubric.md", 'path'], ["docs/DESIGN.md Synthesis", 'symbol']]],
  ["SenriganMaster__csv_zero/decisions.tsv:8", [["docs/DESIGN.md Synthesis", 'symbol']]],
  ["SenriganMaster__csv_zero/decisions.tsv:9", [["box/spout#53", 'reference'], ["#2023", 'reference']]],
  ["SenriganMaster__csv_zero/decisions.tsv:10", [["766d24f7", 'reference']]],
  ["SenriganMaster__csv_zero/decisions.tsv:11", [["docs/DESIGN.md Q5", 'symbol']]],
  ["SenriganMaster__csv_zero/decisions.tsv:12", [["docs/DESIGN.md Synthesis", 'symbol']]],
  ["SenriganMaster__csv_zero/decisions.tsv:13", [["docs/DESIGN.md Q8", 'symbol']]],
  ["SenriganMaster__csv_zero/decisions.tsv:14", [["66fda898", 'reference'], ["lead re-ran build+serve tests on Node 20: 8 pass", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:15", [["public/.htaccess", 'path'], ["fe3a200", 'commit']]],
  ["SenriganMaster__csv_zero/decisions.tsv:16", [["4165607", 'commit'], ["docs/BRIEF.md lines 27-55", 'path']]],
  ["SenriganMaster__csv_zero/decisions.tsv:17", [["12578e1d", 'reference'], ["write 4.8 s to 3.7 s, peak RSS ~414 MB to 284-305 MB (Node 20, measured)", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:18", [["src/core/zip.js", 'path'], ["measured by core delegate", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:19", [["src/core/text.js detectEncoding", 'symbol'], ["docs/DESIGN.md Q2", 'symbol']]],
  ["SenriganMaster__csv_zero/decisions.tsv:20", [["fd4f3f4..331919e", 'commit'], ["bank.xlsx", 'path']]],
  ["SenriganMaster__csv_zero/decisions.tsv:21", [["screens/desktop-light-preview.png", 'path'], ["lead crops .work/lead/crops", 'prose'], [".work/lead/crops", 'path', 1]]],
  ["SenriganMaster__csv_zero/decisions.tsv:22", [["3bd279fa", 'reference']]],
  ["SenriganMaster__csv_zero/decisions.tsv:23", [["posted heights 518 then 1441", 'prose'], ["518, 850, 1324 for 13 MB", 'prose'], ["never below the first (measured)", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:24", [["7/7 FAQ texts equal (measured by UI delegate)", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:25", [["4413e48", 'commit'], ["8d8ece2", 'commit'], ["51695c4", 'commit'], ["4b429cd", 'commit']]],
  ["SenriganMaster__csv_zero/decisions.tsv:26", [["1a0d9b0a", 'reference']]],
  ["SenriganMaster__csv_zero/decisions.tsv:27", [["npm run perf on headless Chrome 154 (measured)", 'command'], ["suite asserts <20 s ready, <40 s xlsx, <500 ms gap", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:28", [["test/e2e/seo.spec.js", 'path'], ["mutation 約4秒->約5秒 made it fail (measured)", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:29", [["E2E delegate report (measured)", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:30", [["ls -la /tmp at 01:35 JST", 'command'], ["/tmp", 'ephemeral', 0], ["server pid 2941821 cwd /tmp/csvzero-serve (measured)", 'prose'], ["/tmp/csvzero-serve", 'ephemeral', 2]]],
  ["SenriganMaster__csv_zero/decisions.tsv:31", [["sed -n 62,66p docs/BRIEF.md", 'command'], ["docs/BRIEF.md", 'path', 0]]],
  ["SenriganMaster__csv_zero/decisions.tsv:32", [["~/.cursor/rules/pstack-models.mdc", 'ephemeral'], ["12578e1d", 'reference'], ["3bd279fa", 'reference'], ["66fda898", 'reference'], ["1a0d9b0a", 'reference']]],
  ["SenriganMaster__csv_zero/decisions.tsv:33", [["docs/DESIGN.md:294 in 9946590", 'path'], ["766d24f7", 'reference']]],
  ["SenriganMaster__csv_zero/decisions.tsv:34", [["README.md", 'path'], ["no Windows run in this transcript", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:35", [[".work/clean-run.log", 'path'], [".work/clean-python.log", 'path']]],
  ["SenriganMaster__csv_zero/decisions.tsv:36", [[".work/fix", 'path']]],
  ["SenriganMaster__csv_zero/decisions.tsv:37", [[".work/lead/reviewer-a-final.md", 'path'], ["reviewer-b-final.md", 'path'], ["reviewer-c-final.md", 'path']]],
  ["SenriganMaster__csv_zero/decisions.tsv:38", [["convert.test", 'path']]],
  ["SenriganMaster__csv_zero/decisions.tsv:39", [["text.test", 'path'], ["16-bit little-endian numbers stay NOT_CSV_BINARY", 'prose'], ["ASCII ending in one NUL stays UTF-8", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:40", [["sjis-bank forced to UTF-8: 751, equal to TextDecoder and Python", 'prose'], ["one genuine U+FFFD plus one 0xFF: count 1", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:41", [["messages.test", 'path']]],
  ["SenriganMaster__csv_zero/decisions.tsv:42", [["e2e 'a cell over 1,000 characters...'", 'test'], ["fails with the view change stashed", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:43", [["a copy of perf.mjs with MAX_GAP_MS 100 exited 1", 'prose'], ["perf.mjs", 'path', 0], [".work/lead/perf-fix*.log", 'path']]],
  ["SenriganMaster__csv_zero/decisions.tsv:44", [["csv.test", 'path']]],
  ["SenriganMaster__csv_zero/decisions.tsv:45", [["excel.test 'SINGLE_COLUMN only when the sheet has one column'", 'test']]],
  ["SenriganMaster__csv_zero/decisions.tsv:46", [["planted misdetection (Shift_JIS read as UTF-8): the old samples test passed, the new one failed", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:47", [["worker.test", 'path'], ["fails with the change stashed", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:48", [["e2e checks a text drop is not defaultPrevented", 'prose'], ["fails with the guard stashed", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:49", [["unit 372/372", 'prose'], ["convert e2e 9/9", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:50", [["node scripts/build.mjs --out src: 'unknown argument', src intact", 'command'], ["scripts/build.mjs", 'path', 0]]],
  ["SenriganMaster__csv_zero/decisions.tsv:51", [["git ls-files public", 'command'], [".work/lead/repro/sjis-bank.pdf", 'path']]],
  ["SenriganMaster__csv_zero/decisions.tsv:52", [["test/unit/xlsx.test.js", 'path'], ["src/view.js", 'path'], ["public/.htaccess", 'path']]],
  ["SenriganMaster__csv_zero/decisions.tsv:53", [["reviewer reports in .work/lead", 'prose'], [".work/lead", 'path', 0]]],
  ["SenriganMaster__csv_zero/decisions.tsv:54", [["esbuild-stripped code identical in 35/35 files of c6d00d1", 'prose'], ["c6d00d1", 'commit', 0], ["node -e 10*1.1 → 11, 50*1.1 → 55.00000000000001", 'command']]],
  ["SenriganMaster__csv_zero/decisions.tsv:55", [["the width test fails with width * 1.1 and passes with the integer form", 'prose'], ["unit 373/373", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:56", [["TODO.md", 'path']]],
  ["SenriganMaster__csv_zero/decisions.tsv:57", [["git stash pop conflicts: build.mjs, convert.js, csv.js, text.js, view.js, worker.test.js", 'command'], ["build.mjs", 'path', 0], ["convert.js", 'path', 0], ["csv.js", 'path', 0], ["text.js", 'path', 0], ["view.js", 'path', 0], ["worker.test.js", 'path', 0]]],
  // calypr__loom/decisions.tsv
  ["calypr__loom/decisions.tsv:2", [["/private/tmp/loom-playwright-verification", 'ephemeral']]],
  ["calypr__loom/decisions.tsv:3", [["b1589f2f9b3e2503aa29d1d1e1e7c13c453f3198", 'commit']]],
  ["calypr__loom/decisions.tsv:4", [["b1589f2f9b3e2503aa29d1d1e1e7c13c453f3198", 'commit']]],
  ["calypr__loom/decisions.tsv:5", [["collaboration agent assignments", 'prose']]],
  ["calypr__loom/decisions.tsv:6", [["2b3fed3f4", 'commit'], ["a8b5d322", 'commit']]],
  ["calypr__loom/decisions.tsv:7", [["/private/tmp/loom-playwright-disclosure-evidence/report.json", 'ephemeral']]],
  ["calypr__loom/decisions.tsv:8", [["302518dd3", 'commit'], ["be4188d5a", 'commit'], ["74af90f41", 'commit']]],
  ["calypr__loom/decisions.tsv:9", [["acf658d35", 'commit'], ["9a974f2aa", 'commit']]],
  ["calypr__loom/decisions.tsv:10", [[".artifacts/loom-dev/c52d4223d857/verify-ui/builder-load-list-muu4lbob-1506a8e.json", 'path']]],
  ["calypr__loom/decisions.tsv:11", [["7133a4f2e", 'commit'], ["08a8b352a", 'commit'], ["7824ad538", 'commit']]],
  ["calypr__loom/decisions.tsv:12", [["3332745c4", 'commit'], [".artifacts/loom-dev/c52d4223d857/verify-ui/builder-load-list-muu4lbob-1506a8e.json", 'path']]],
  ["calypr__loom/decisions.tsv:13", [[".artifacts/loom-dev/c52d4223d857/verify-ui/builder-load-list-muu4vpps-6abd603.json", 'path'], [".artifacts/loom-dev/c52d4223d857/verify-ui/builder-load-state-muu4w81m-033763d.json", 'path']]],
  ["calypr__loom/decisions.tsv:14", [["1af5fd1fe", 'commit'], ["50b66c2b0", 'commit'], ["26e175fc8", 'commit'], ["scripts/lib/ndjson-resource-oracle.test.mjs", 'path']]],
  ["calypr__loom/decisions.tsv:15", [["/private/tmp/loom-playwright-last-table-evidence/report.json", 'ephemeral'], ["first-failure.dom.txt", 'ephemeral'], ["BuilderWorkspace.tsx:1763", 'path']]],
  ["calypr__loom/decisions.tsv:16", [["c88c8b23", 'commit'], ["/private/tmp/loom-playwright-last-table-evidence-rerun4/report.json", 'ephemeral']]],
  ["calypr__loom/decisions.tsv:17", [[".artifacts/loom-dev/c52d4223d857/verify-ui/builder-authoring-cohort-recode-muu5uqhr-8ccf72b.json", 'path']]],
  ["calypr__loom/decisions.tsv:18", [["99e8ea55b", 'commit'], ["/private/tmp/loom-playwright-ml-prototype-integration-evidence/prototype-evidence.json", 'ephemeral']]],
  ["calypr__loom/decisions.tsv:19", [["1e9736084", 'commit'], ["a4ffed4e4", 'commit'], ["9cc6ea4f", 'commit'], ["/private/tmp/loom-playwright-row-actions-evidence-rerun2/report.json", 'ephemeral']]],
  ["calypr__loom/decisions.tsv:20", [["dc87f6ab", 'commit'], [".artifacts/loom-dev/c52d4223d857/verify-ui/builder-authoring-cohort-recode-muu7mtxt-bcfdd13.json", 'path']]],
  ["calypr__loom/decisions.tsv:21", [["59579ce4", 'commit'], ["7fee51cf", 'commit'], ["/private/tmp/loom-playwright-add-column-dialog-evidence-rerun4/report.json", 'ephemeral']]],
  ["calypr__loom/decisions.tsv:22", [["6e83300d", 'commit'], ["/private/tmp/loom-playwright-related-unpivot-evidence-rerun4/report.json", 'ephemeral']]],
  ["calypr__loom/decisions.tsv:23", [["/private/tmp/loom-playwright-quantity-root-evidence", 'ephemeral']]],
  ["calypr__loom/decisions.tsv:24", [["c8f89222", 'commit'], ["/private/tmp/loom-playwright-verify-ui-all-escalated.tap", 'ephemeral']]],
  // ddv1982__echo/decisions.tsv
  ["ddv1982__echo/decisions.tsv:2", [["b44d91a", 'commit'], ["docs/plans/18-code-quality-and-release-hygiene/overview.md PR 18.6", 'symbol']]],
  ["ddv1982__echo/decisions.tsv:3", [["crates/echo/src/install/installer.rs", 'path']]],
  ["ddv1982__echo/decisions.tsv:4", [["crates/echo/src/install/tests.rs", 'path']]],
  ["ddv1982__echo/decisions.tsv:5", [["/tmp/echo-18-6-arena/candidate-a.md", 'ephemeral'], ["candidate-b.md", 'ephemeral'], ["synthesis.md", 'ephemeral']]],
  ["ddv1982__echo/decisions.tsv:6", [["Arena cross-judge graft", 'prose']]],
  ["ddv1982__echo/decisions.tsv:7", [["Baseline cleanup_releases_with used entry.path()", 'prose'], ["moved helper audit", 'prose']]],
  ["ddv1982__echo/decisions.tsv:8", [["Sorted baseline and head comment multisets are identical", 'prose']]],
  ["ddv1982__echo/decisions.tsv:9", [["cargo test -p echo install::tests", 'command']]],
  ["ddv1982__echo/decisions.tsv:10", [["pinned_vulkan_runtime_archive_installs", 'test']]],
  ["ddv1982__echo/decisions.tsv:11", [["npm ci", 'command'], ["npm run build", 'command'], ["cargo clippy --workspace --all-targets -- -D warnings", 'command']]],
  ["ddv1982__echo/decisions.tsv:12", [["Five baseline and five head managed_status_timing samples", 'prose']]],
  // fpcMotif__fenforce/decisions.tsv
  ["fpcMotif__fenforce/decisions.tsv:2", [["CLAUDE.md", 'path'], ["experiments/cloudflare-workflows/package.json", 'path']]],
  ["fpcMotif__fenforce/decisions.tsv:3", [["clock.curr_time result 2026-09-28 09:27:18 UTC", 'prose']]],
  ["fpcMotif__fenforce/decisions.tsv:4", [[".codex/config.toml", 'path'], [".codex/roles/", 'path']]],
  ["fpcMotif__fenforce/decisions.tsv:5", [["experiments/cloudflare-workflows/package.json", 'path']]],
  ["fpcMotif__fenforce/decisions.tsv:6", [["experiments/cloudflare-workflows/test-results/effect-tooling.json", 'path']]],
  ["fpcMotif__fenforce/decisions.tsv:7", [["experiments/cloudflare-workflows/src/synthetic-workflow-failure.ts", 'path']]],
  ["fpcMotif__fenforce/decisions.tsv:8", [["experiments/cloudflare-workflows/test-results/effect-lsp.json", 'path']]],
  ["fpcMotif__fenforce/decisions.tsv:9", [["git status --short", 'command']]],
  ["fpcMotif__fenforce/decisions.tsv:10", [["experiments/cloudflare-workflows/src/synthetic-workflow-failure.ts", 'path'], ["wrangler deploy --dry-run", 'command']]],
  ["fpcMotif__fenforce/decisions.tsv:11", [["experiments/cloudflare-workflows/test-results/agent-setup-check.txt", 'path'], [".codex/config.toml", 'path']]],
  ["fpcMotif__fenforce/decisions.tsv:12", [["docs/migration/README.md", 'path'], ["frontend-map.md", 'path'], ["backend-map.md", 'path'], ["criteria-map.md", 'path']]],
  ["fpcMotif__fenforce/decisions.tsv:13", [["docs/migration/check-map.mjs", 'path'], ["source-coverage.json", 'path']]],
  ["fpcMotif__fenforce/decisions.tsv:14", [["docs/migration/README.md", 'path']]],
  ["fpcMotif__fenforce/decisions.tsv:15", [["docs/migration/check-map.mjs", 'path']]],
  ["fpcMotif__fenforce/decisions.tsv:16", [["docs/migration/README.md", 'path'], ["check-map.mjs", 'path']]],
  // ss49919201__myblog/decisions.tsv
  ["ss49919201__myblog/decisions.tsv:2", [["README.md", 'path'], ["cmd/blog/main.go", 'path']]],
  ["ss49919201__myblog/decisions.tsv:3", [["internal/content/site.go:22", 'path'], ["decisions.tsv", 'path']]],
  ["ss49919201__myblog/decisions.tsv:4", [["src/read.ts", 'path'], ["test/site.test.ts", 'path']]],
  ["ss49919201__myblog/decisions.tsv:5", [["test/site.test.ts", 'path']]],
  ["ss49919201__myblog/decisions.tsv:6", [["src/schema.ts", 'path']]],
  ["ss49919201__myblog/decisions.tsv:7", [["tmux blog-dev blog-worker", 'command']]],
  ["ss49919201__myblog/decisions.tsv:8", [["decisions.tsv", 'path']]],
  ["ss49919201__myblog/decisions.tsv:9", [["test/site.test.ts", 'path']]],
  ["ss49919201__myblog/decisions.tsv:10", [["test/site.test.ts", 'path']]],
  ["ss49919201__myblog/decisions.tsv:11", [["internal/content/site.go:102", 'path']]],
  ["ss49919201__myblog/decisions.tsv:12", [["test/site.test.ts", 'path']]],
  ["ss49919201__myblog/decisions.tsv:13", [["test/site.test.ts", 'path']]],
  ["ss49919201__myblog/decisions.tsv:14", [["wrangler.jsonc", 'path']]],
  // sunjingchun__cn-campus-link/decisions.tsv
  ["sunjingchun__cn-campus-link/decisions.tsv:2", [["git rev-parse p5-nuaa-jiangning", 'command']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:3", [["src/lib/domain.ts", 'path'], ["src/data/places.ts", 'path']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:4", [["docs/mvp-plan.md P5", 'symbol']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:5", [["docs/sources/nuaa-jiangning.md", 'path']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:6", [["src/data/cities/nuaa-jiangning.ts", 'path']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:7", [["cie.nuaa.edu.cn/2022/0331/c16536a279145", 'url'], ["cie.nuaa.edu.cn/16526/list.htm", 'url']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:8", [["jjlxq.nuaa.edu.cn/11283/list.htm", 'url']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:9", [["npm scripts", 'prose']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:10", [["git rev-parse p7-launch", 'command']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:11", [["user brief", 'prose']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:12", [["docs/ops-rules.md", 'path']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:13", [["scripts/audit-launch.mjs", 'path']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:14", [["scripts/deploy.sh", 'path']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:15", [["ecosystem.config.cjs", 'path']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:16", [["src/components/site/site-header.tsx", 'path']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:17", [["ops-log/2026-09-15-nihaocampus-preview-protection.md", 'path']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:18", [["/tmp/swarm-p7/lanes.json", 'ephemeral']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:19", [["/tmp/swarm-p7/perf.json", 'ephemeral']]],
  ["sunjingchun__cn-campus-link/decisions.tsv:20", [["docs/media/p7-review-launch-gate.png", 'path'], ["docs/media/p7-review.mp4", 'path']]],
];

/** Every trail of the corpus: `decisions.tsv` and `.audit/*.tsv`, relative to the corpus. */
function trails(): string[] {
  const out: string[] = [];
  for (const folder of readdirSync(REAL_CORPUS).sort()) {
    const dir = path.join(REAL_CORPUS, folder);
    if (existsSync(path.join(dir, 'decisions.tsv'))) out.push(`${folder}/decisions.tsv`);
    if (existsSync(path.join(dir, '.audit'))) for (const f of readdirSync(path.join(dir, '.audit')).sort()) if (f.endsWith('.tsv')) out.push(`${folder}/.audit/${f}`);
  }
  return out;
}

describe('every evidence cell of the real trails (../shared/corpus/real)', () => {
  it('reads the corpus where it lives, with a classification asserted for each of its cells', async () => {
    const seen: string[] = [];
    for (const rel of trails()) {
      const read = await readPstackTrail(path.join(REAL_CORPUS, rel), rel, 0);
      for (const row of read.rows) seen.push(`${rel}:${row.line}`);
      for (const r of read.invalid) if (r.fields?.['evidence'] !== undefined) seen.push(`${rel}:${r.line}`);
    }
    expect(seen.sort()).toEqual(CELLS.map(([place]) => place).sort());
    expect([trails().length, seen.length]).toEqual([19, 344]);
  });

  it.each(CELLS)('%s', async (place, expected) => {
    const [rel, line] = [place.slice(0, place.lastIndexOf(':')), Number(place.slice(place.lastIndexOf(':') + 1))];
    const read = await readPstackTrail(path.join(REAL_CORPUS, rel), rel, 0);
    const cell = read.rows.find((r) => r.line === line)?.evidenceText ?? read.invalid.find((r) => r.line === line)?.fields?.['evidence'];
    expect(cell, place).toBeDefined();
    const got = classifyEvidence(cell as string).map((p) => (p.within === undefined ? [p.raw, p.kind] : [p.raw, p.kind, p.within]));
    expect(got).toEqual(expected);
  });
});

/**
 * Cells whose pointers stand beside parts with none (`worker.test asserts the logged errors;
 * fails with the change stashed`): each such part is shown as a prose item of its own, in its
 * place (issue 27, scope 5: every part shown, under one rule), and since the cell holds
 * evidence it is a remark: INCONCLUSIVE, no flag (src/lib/evidence/cell-reading.ts). Until
 * issue 27 these parts were glued to a pointer's note.
 */
const REMARKS: Array<[place: string, pointers: Expected]> = [
  ["ImNallen__BotCode/decisions.tsv:12", [["/tmp/bot-checkpoints-native/evidence/final-after-restart.json", 'ephemeral'], ["native screenshot in task transcript", 'prose']]],
  ["ImNallen__BotCode/decisions.tsv:15", [["command -v origin", 'command'], ["GitHub create_pull_request tool", 'prose']]],
  ["ImNallen__BotCode/decisions.tsv:19", [["Tauri window screenshot", 'prose'], ["crash_mid_turn", 'test']]],
  ["Jenzoga__JMT-MCMT/decisions.tsv:7", [["etc/buildscripts/gen-userdev.sh", 'path'], ["setupCiWorkspace BUILD SUCCESSFUL", 'prose'], ["forgeBin jar has 3344 MC + 1510 Forge classes", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:14", [["66fda898", 'reference'], ["lead re-ran build+serve tests on Node 20: 8 pass", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:17", [["12578e1d", 'reference'], ["write 4.8 s to 3.7 s, peak RSS ~414 MB to 284-305 MB (Node 20, measured)", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:18", [["src/core/zip.js", 'path'], ["measured by core delegate", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:27", [["npm run perf on headless Chrome 154 (measured)", 'command'], ["suite asserts <20 s ready, <40 s xlsx, <500 ms gap", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:28", [["test/e2e/seo.spec.js", 'path'], ["mutation 約4秒->約5秒 made it fail (measured)", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:34", [["README.md", 'path'], ["no Windows run in this transcript", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:39", [["text.test", 'path'], ["16-bit little-endian numbers stay NOT_CSV_BINARY", 'prose'], ["ASCII ending in one NUL stays UTF-8", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:42", [["e2e 'a cell over 1,000 characters...'", 'test'], ["fails with the view change stashed", 'prose']]],
  ["SenriganMaster__csv_zero/decisions.tsv:47", [["worker.test", 'path'], ["fails with the change stashed", 'prose']]],
];

describe('parts with no pointer beside the pointers of a real cell are remarks, shown as prose', () => {
  const noRepository = (): EvidenceContext => ({ repository: null, repositoryName: 'no repository', head: null, problem: 'no repository', artifacts: new ArtifactFolder(REAL_CORPUS) });
  it.each(REMARKS)('%s', async (place, expected) => {
    const [rel, line] = [place.slice(0, place.lastIndexOf(':')), Number(place.slice(place.lastIndexOf(':') + 1))];
    const read = await readPstackTrail(path.join(REAL_CORPUS, rel), rel, 0);
    const cell = read.rows.find((r) => r.line === line)?.evidenceText as string;
    const classified = classifyEvidence(cell);
    expect(classified.map((p) => (p.within === undefined ? [p.raw, p.kind] : [p.raw, p.kind, p.within]))).toEqual(expected);
    const read2 = readCellPointers(await resolveEvidence(classified, noRepository()));
    expect(read2.filter((p) => p.kind === 'prose').map((p) => [p.raw, p.status, p.reason, p.fault])).toEqual(
      expected.filter(([, kind]) => kind === 'prose').map(([raw]) => [raw, 'INCONCLUSIVE', REMARK_REASON, undefined]),
    );
  });
});

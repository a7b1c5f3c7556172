/** A project's configuration beside its records: `trailbook.json`, else `project.json` (docs/configuration.md). */
import { named, type SourceFormatDescriptor } from './source-format.ts';

/** Config file names, in order of preference. */
export const CONFIG_FILES = ['trailbook.json', 'project.json'] as const;

export const projectConfig: SourceFormatDescriptor = {
  id: 'project-config',
  name: 'project config',
  kind: '',
  byName: named(...CONFIG_FILES),
  traits: { claim: true, config: true },
};

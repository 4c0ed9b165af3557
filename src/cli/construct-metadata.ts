/**
 * The cdk8s CLI's construct metadata: when cdk8s.yaml lists validations, `cdk8s synth` has the app
 * write `construct-metadata.json` beside the chart files (cdk8s `App` with recordConstructMetadata,
 * so the CLI's validation report can name construct paths). It is no manifest, and syncplan does
 * not read it as one. Argo CD does: it decodes every `.json` file of an app's folder as an object
 * and fails the app on this one (documents.ts), so the note tells how to keep it from Argo CD.
 */
import { basename } from 'path';

/** The file's name, as cdk8s writes it (`App.writeConstructMetadata`). */
const FILE = 'construct-metadata.json';

/** Whether `text`, read from `file`, is that file: its name, and an object of `version` and `resources` alone. */
export function isConstructMetadata(file: string, text: string): boolean {
  if (basename(file) !== FILE) return false;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false; // malformed: the JSON reader says where
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { version, resources, ...rest } = value as Record<string, unknown>;
  return typeof version === 'string' && typeof resources === 'object' && resources !== null && !Array.isArray(resources)
    && Object.keys(rest).length === 0;
}

/** Why `file` was not read, and how to keep Argo CD from reading it. */
export function constructMetadataNote(file: string): string {
  return `${file}: not read: the cdk8s CLI's construct metadata (cdk8s synth writes it when cdk8s.yaml lists validations), no manifest. `
    + 'Argo CD reads every .json file of an Application\'s folder and fails the app on this one: keep it out of Git (.gitignore), '
    + `or out of the Application's source (spec.source.directory.exclude: ${FILE}; an ArgoApplication's source reads only its charts' files)`;
}

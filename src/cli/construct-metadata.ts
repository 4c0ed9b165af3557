/**
 * The cdk8s CLI's construct metadata: when cdk8s.yaml lists validations, `cdk8s synth` has the app
 * write `construct-metadata.json` beside the chart files (cdk8s `App` with recordConstructMetadata,
 * so the CLI's validation report can name construct paths). It is no manifest, and syncplan does
 * not read it as one. Argo CD does: it decodes every `.json` file of an app's folder as an object
 * and fails the app on this one (documents.ts), so the note tells how to keep it from Argo CD.
 *
 * How it fails (argo-cd `reposerver/repository/repository.go` `getObjsFromYAMLOrJSON`, read by
 * `findManifests` for every `.json` name its include/exclude keep): the file decodes into an
 * `unstructured.Unstructured`, which apimachinery refuses without a kind ("Object 'Kind' is missing
 * in '…'"). Before 3.1 the repo server fails the manifest generation on it; since 3.1 (OCI support)
 * a JSON object that decodes as an OCI image manifest, as any object does, is kept, and the
 * controller fails to read it back (`controller/state.go` `unmarshalManifests`: "Failed to load
 * target state"). Either way the Application syncs nothing.
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

/**
 * The note for a child Application (`--repo-root`) whose directory source reads `file`: unlike a
 * folder given on the command line, its include/exclude are known to keep the file, so Argo CD fails
 * that Application on it.
 */
export function childConstructMetadataNote(file: string, application: string): string {
  return `Application/${application}: ${file}: not planned: the cdk8s CLI's construct metadata (cdk8s synth writes it when cdk8s.yaml lists validations), no manifest. `
    + 'Its source reads this file (no spec.source.directory exclude or include leaves it out), and Argo CD fails the Application on it: '
    + 'a .json file is read as one object and this one has no kind, so no manifest of the Application loads. '
    + `Keep it out of the folder Argo CD reads (.gitignore), or add spec.source.directory.exclude: ${FILE} to the Application `
    + '(an ArgoApplication\'s source reads only its charts\' files)';
}

/**
 * An awaited object annotated argocd.argoproj.io/ignore-healthcheck (src/argo/live/ignore-healthcheck.ts): argo-cd
 * controller/health.go setApplicationHealth is the only reader of the annotation; gitops-engine pkg/sync/sync_context.go
 * waits on the object's health regardless, so explain says the annotation does not release the sync.
 */
import { fixture } from './helpers';
import { readApplication } from '../../../src/argo/live/application';
import { explainApplication } from '../../../src/argo/live/explanation';
import { ignoreHealthcheckNote } from '../../../src/argo/live/ignore-healthcheck';
import { ObservedHealthIndex } from '../../../src/argo/live/observed-health';

const annotated = (value: string) => ({ kind: 'Deployment', metadata: { name: 'api', annotations: { 'argocd.argoproj.io/ignore-healthcheck': value } } });

test('only the exact value "true" (controller/health.go compares == "true")', () => {
  expect(ignoreHealthcheckNote(annotated('true'))).toMatch(/^its argocd\.argoproj\.io\/ignore-healthcheck: "true" does not release the sync: it only leaves the object out of the Application's health/);
  for (const value of ['false', 'True', '']) expect(ignoreHealthcheckNote(annotated(value))).toBeUndefined();
  expect(ignoreHealthcheckNote({ kind: 'Deployment', metadata: { name: 'api' } })).toBeUndefined();
  expect(ignoreHealthcheckNote(undefined)).toBeUndefined();
});

test('explain: the blocker annotated on its live object keeps its trap, and is told the annotation does not release the sync', () => {
  const app = readApplication(fixture('running-sync-wave.yaml').find(d => d.kind === 'Application'));
  const explainWith = (annotate: boolean) => {
    const live = fixture('running-sync-wave-live.yaml').map(o => (annotate && o.kind === 'Deployment' && o.metadata?.name === 'api'
      ? { ...o, metadata: { ...o.metadata, annotations: { ...o.metadata.annotations, 'argocd.argoproj.io/ignore-healthcheck': 'true' } } } : o));
    return explainApplication({ app, health: new ObservedHealthIndex({ app, live }), now: Date.parse('2026-12-01T10:04:10Z') });
  };
  const [plain] = explainWith(false).blockers;
  const [blocker] = explainWith(true).blockers;
  expect(plain.reason).not.toMatch(/ignore-healthcheck/);
  expect(blocker.reason).toBe(`${plain.reason}; ${ignoreHealthcheckNote(annotated('true'))}`);
});

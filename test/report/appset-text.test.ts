/** The ApplicationSet rollout text and JSON, with the blocked Application's own explanation. */
import { readAppSetRollout } from '../../src/argo/live/appset';
import { renderAppSetJson, renderAppSetText } from '../../src/report/appset-text';
import { explainFixture, fixture } from '../argo/live/helpers';

const rollout = readAppSetRollout(fixture('appset-rolling.yaml').find(d => d.kind === 'ApplicationSet'));

test('the rolling step, the pending Applications, and the blocked one\'s explanation', () => {
  const apps = new Map([['shop-staging', explainFixture('appset-rolling.yaml')]]);
  const text = renderAppSetText(rollout, apps);
  expect(text).toMatch(/^ApplicationSet shop-envs: RollingSync step 2 of 3 is rolling$/m);
  expect(text).toContain('  step 2  <- rolling\n    shop-staging: Progressing');
  expect(text).toContain('Pending (2): shop-staging (Progressing), shop-prod (Waiting)');
  expect(text).toContain('--- shop-staging ---\nApplication shop-staging: sync Running');
  expect(JSON.parse(renderAppSetJson(rollout, apps))).toMatchObject({ rollingStep: 2, pending: ['shop-staging', 'shop-prod'], applications: { 'shop-staging': { operationPhase: 'Running' } } });
});

test('without the Application objects it asks for them', () => {
  expect(renderAppSetText(rollout, new Map())).toContain('Give the Application objects of shop-staging with the ApplicationSet');
});

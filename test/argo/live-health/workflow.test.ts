/** gitops-engine `TestGetArgoWorkflowHealth`, own objects. */
import { workflowHealth } from '../../../src/argo/live-health/workflow';

test('TestGetArgoWorkflowHealth: Running → Progressing, Succeeded → Healthy, no status → Progressing, Failed → Degraded', () => {
  expect(workflowHealth({ status: { phase: 'Running', message: 'step 2 running' } })).toEqual({ status: 'Progressing', message: 'step 2 running' });
  expect(workflowHealth({ status: { phase: 'Succeeded', message: 'done' } })).toEqual({ status: 'Healthy', message: 'done' });
  expect(workflowHealth({ spec: {} })).toEqual({ status: 'Progressing', message: '' });
  expect(workflowHealth({ status: { phase: 'Error' } }).status).toBe('Degraded');
  expect(workflowHealth({ status: { phase: 'Odd' } }).status).toBe('Unknown');
});

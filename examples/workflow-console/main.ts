/**
 * `npx cdk8s synth` runs this (see cdk8s.yaml at the repository root) and writes
 * dist/workflow-console/workflow-console.k8s.yaml; `syncplan plan` on that file prints the rollout.
 */
import { App } from 'cdk8s';
import { WorkflowConsoleChart } from './chart';

const app = new App();
new WorkflowConsoleChart(app, 'workflow-console');
app.synth();

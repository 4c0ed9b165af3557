/**
 * `npx cdk8s synth` runs this (see cdk8s.yaml at the repository root) and writes
 * dist/workflow-console/workflow-console.k8s.yaml; `syncplan plan` on that file prints the rollout.
 */
import { App } from 'cdk8s';
import { WorkflowConsoleChart } from './chart';

const app = new App();
new WorkflowConsoleChart(app, 'workflow-console');
try {
  app.synth();
} catch (e) {
  // cdk8s throws validation failures (a broken order, an error finding): print what is wrong and
  // where, without Node's stack trace. Nothing was written.
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}

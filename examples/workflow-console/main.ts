/**
 * `npx cdk8s synth` runs this (see cdk8s.yaml at the repository root) and writes
 * dist/workflow-console/workflow-console.k8s.yaml; `syncplan plan` on that file prints the rollout.
 */
import { WorkflowConsoleChart } from './chart';
import { synthApp } from './synth-app';

// Building the chart happens inside too: a constructor's error prints as one line, like a failed check.
synthApp((app) => new WorkflowConsoleChart(app, 'workflow-console'));

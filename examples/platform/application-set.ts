/**
 * The same platform as one ApplicationSet with progressive sync: RollingSync steps derived from
 * `after` (the database's step first). Needs `applicationsetcontroller.enable.progressive.syncs:
 * "true"` in argocd-cmd-params-cm; RollingSync turns automated sync off on the generated
 * Applications and syncs them itself, step by step.
 */
import { App, Chart } from 'cdk8s';
import { REPO } from './app-of-apps';
import { DatabaseChart } from './database';
import { ArgoApplicationSet, MaxUpdate } from '../../src';
import { WorkflowConsoleChart } from '../workflow-console/chart';

export function applicationSet(app: App, path: string): ArgoApplicationSet {
  const db = new DatabaseChart(app, 'database');
  const web = new WorkflowConsoleChart(app, 'workflow-console');
  const parent = new Chart(app, 'platform');
  const set = new ArgoApplicationSet(parent, 'platform', {
    repoURL: REPO,
    targetRevision: 'main',
    path,
    maxUpdate: MaxUpdate.count(1),
    syncOptions: ['CreateNamespace=true'],
    reverseDeletion: true,
  });
  const database = set.addApplication('database', { charts: [db], destinationNamespace: 'db' });
  set.addApplication('workflow-console', { charts: [web], destinationNamespace: 'workflow-console', after: [database] });
  return set;
}

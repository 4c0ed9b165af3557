/**
 * The platform as an app-of-apps: a parent chart with one Argo CD Application per child, the
 * workflow console's after the database's. The parent gets one sync wave per layer, and the
 * Application health check written beside the output (argocd-cm.application-health.patch.yaml)
 * makes the console wait until the database's Application is Healthy and Synced. Each child syncs
 * itself (automated): the parent applies a child Application but never syncs it.
 */
import { App, Chart } from 'cdk8s';
import { DatabaseChart } from './database';
import { ArgoApplication } from '../../src';
import { WorkflowConsoleChart } from '../workflow-console/chart';

export const REPO = 'https://git.example.com/platform.git';

export interface Platform {
  readonly app: App;
  readonly parent: Chart;
  readonly database: ArgoApplication;
  readonly console: ArgoApplication;
}

export function appOfApps(app: App, path: string): Platform {
  const db = new DatabaseChart(app, 'database');
  const web = new WorkflowConsoleChart(app, 'workflow-console');
  const parent = new Chart(app, 'platform');
  const database = new ArgoApplication(parent, 'database', {
    charts: [db],
    repoURL: REPO,
    targetRevision: 'main',
    path,
    destination: { namespace: 'db' },
    syncOptions: ['CreateNamespace=true'],
    // The parent applies a child but never syncs it: each child syncs itself.
    syncPolicy: { automated: true, retry: { limit: 3 } },
  });
  const console = new ArgoApplication(parent, 'workflow-console', {
    charts: [web],
    repoURL: REPO,
    targetRevision: 'main',
    path,
    destination: { namespace: 'workflow-console' },
    syncOptions: ['CreateNamespace=true'],
    syncPolicy: { automated: true },
    after: [database],
  });
  return { app, parent, database, console };
}

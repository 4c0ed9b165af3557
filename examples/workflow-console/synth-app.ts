/**
 * Build an app and synthesize it, printing any failure as its message alone. A bad prop throws
 * where the construct is created (`new Tier(chart, 'web', { wave: 1.5 })`), a broken order or an
 * error finding throws from `app.synth()`: both land here, so the user reads one line naming the
 * construct and the fix, not Node's stack trace, and nothing is written.
 */
import { App, AppProps } from 'cdk8s';

export function synthApp(build: (app: App) => void, props: AppProps = {}): void {
  try {
    const app = new App(props);
    build(app);
    app.synth();
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exitCode = 1;
  }
}

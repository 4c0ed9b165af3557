import { main } from '../../src/cli/main';

export interface CliRun { code: number; stdout: string; stderr: string }

/** Runs the CLI in-process and captures what it writes. */
export async function cli(...args: string[]): Promise<CliRun> {
  return captured(() => main(['node', 'syncplan', ...args]));
}

/** What `run` (a CLI run resolving to its exit status) writes to stdout and stderr, captured. */
export async function captured(run: () => Promise<number>): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const out = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: any) => {
    stdout += String(chunk);
    return true;
  });
  const err = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const code = await run();
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.exitCode = 0;
  }
}

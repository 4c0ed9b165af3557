/**
 * Loaded with `node --require` into a measured run: prints the process's CPU time (every thread,
 * user + system) on stderr at exit, for benchmarks that compare CPU with wall time.
 */
'use strict';
process.on('exit', () => {
  const { userCPUTime, systemCPUTime } = process.resourceUsage();
  process.stderr.write(`\nbench-cpu-ms ${(userCPUTime + systemCPUTime) / 1000}\n`);
});

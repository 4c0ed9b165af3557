/** gitops-engine `TestJob` (job-running, job-failed, job-succeeded, job-suspended), own objects. */
import { jobHealth } from '../../../src/argo/live-health/job';

const job = (conditions?: object[]) => ({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'migrate' }, status: conditions ? { conditions } : { active: 1 } });

describe('TestJob', () => {
  test('running: no conditions → Progressing', () => expect(jobHealth(job())).toEqual({ status: 'Progressing', message: '' }));
  test('failed → Degraded with the Failed message', () => {
    expect(jobHealth(job([{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' }])))
      .toEqual({ status: 'Degraded', message: 'Job has reached the specified backoff limit' });
  });
  test('succeeded → Healthy', () => expect(jobHealth(job([{ type: 'Complete', status: 'True' }])).status).toBe('Healthy'));
  test('suspended → Suspended', () => expect(jobHealth(job([{ type: 'Suspended', status: 'True', message: 'Job suspended' }])).status).toBe('Suspended'));
  test('suspended: the Suspended condition\'s message since 3.6 (argo-cd PR #28738, TestJob job-suspended), the empty failure message before', () => {
    const suspended = job([{ type: 'Suspended', status: 'True', reason: 'JobSuspended', message: 'paused by the batch queue' }]);
    expect(jobHealth(suspended)).toEqual({ status: 'Suspended', message: 'paused by the batch queue' });
    expect(jobHealth(suspended, '3.6')).toEqual({ status: 'Suspended', message: 'paused by the batch queue' });
    expect(jobHealth(suspended, '3.5')).toEqual({ status: 'Suspended', message: '' });
  });
  test('quirk kept: a Suspended condition with status False counts as finished → Healthy', () => {
    expect(jobHealth(job([{ type: 'Suspended', status: 'False', message: 'Job resumed' }]))).toEqual({ status: 'Healthy', message: 'Job resumed' });
  });
});

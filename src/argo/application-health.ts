/**
 * The health check an app-of-apps needs for its child Applications (`argoproj.io/Application` has
 * none since Argo CD 1.8, argo-cd #3781, `argo-cd docs/operator-manual/health.md` "Argocd App"), stricter
 * than the documented one, which copies `status.health` only: a child that is Healthy but OutOfSync,
 * still syncing, or whose last sync failed (since 3.4 a child whose resources failed to apply can
 * report Healthy, argo-cd #27917) would let the parent's next wave start. Argo CD reads it from
 * `argocd-cm`, key `resource.customizations.health.argoproj.io_Application`.
 */
import { runHealthLua } from './lua';

/** The `argocd-cm` key Argo CD reads an Application health check from. */
export const APPLICATION_HEALTH_KEY = 'resource.customizations.health.argoproj.io_Application';

/** Conditions that mean the child cannot sync as it stands (`argo-cd pkg/apis/application/v1alpha1/types.go`). */
export const APPLICATION_ERROR_CONDITIONS: readonly string[] = ['ComparisonError', 'SyncError', 'InvalidSpecError'];

/**
 * The source fields whose change the child must have compared before its Synced counts: what a
 * release changes. Compared as text, absent and empty alike (Argo CD writes `comparedTo` from the
 * spec, dropping empty fields); the whole source is not compared, since the controller also drops
 * false and zero values there, which would make a child look stale forever.
 */
const STALE_KEYS = ['repoURL', 'path', 'targetRevision', 'chart', 'ref'];

/**
 * Healthy only when the child is Healthy, Synced with the source its spec names now, and no operation is requested or running; Degraded
 * when its last operation failed or it has an error condition; Suspended when the child is; otherwise
 * Progressing (the parent's wave waits), with a message saying on what.
 */
export const APPLICATION_HEALTH_LUA = `-- cdk8s-syncplan: Application health for app-of-apps ordering
local hs = { status = "Progressing", message = "" }
local st = obj.status
if st == nil then
  hs.message = "waiting for the Application's first status"
  return hs
end
if st.conditions ~= nil then
  for _, c in ipairs(st.conditions) do
    if c.type == "${APPLICATION_ERROR_CONDITIONS.join('" or c.type == "')}" then
      hs.status = "Degraded"
      hs.message = c.type .. ": " .. (c.message or "")
      return hs
    end
  end
end
local op = st.operationState
if op ~= nil and (op.phase == "Failed" or op.phase == "Error") then
  hs.status = "Degraded"
  hs.message = "last sync " .. op.phase .. ": " .. (op.message or "")
  return hs
end
if obj.operation ~= nil or (op ~= nil and (op.phase == "Running" or op.phase == "Terminating")) then
  hs.message = "a sync operation is running"
  return hs
end
local health = st.health
if health == nil or health.status == nil or health.status == "" then
  hs.message = "no health reported yet"
  return hs
end
if health.status == "Degraded" or health.status == "Suspended" then
  hs.status = health.status
  hs.message = health.message or ""
  return hs
end
if health.status ~= "Healthy" then
  hs.message = "health is " .. health.status .. (health.message and (": " .. health.message) or "")
  return hs
end
if st.sync == nil or st.sync.status ~= "Synced" then
  hs.message = "Healthy but " .. ((st.sync and st.sync.status) or "not yet compared") .. ": waiting for it to sync"
  return hs
end
-- The verdict is for the source the child compared last: right after the parent changes it (a new
-- targetRevision), the child still says Synced and Healthy for the old one until it compares again.
local function text(s, k)
  if s == nil or s[k] == nil then return "" end
  return tostring(s[k])
end
local function same(a, b)
  for _, k in ipairs({ ${STALE_KEYS.map((k) => `"${k}"`).join(', ')} }) do
    if text(a, k) ~= text(b, k) then return false end
  end
  return true
end
local spec = obj.spec or {}
local cmp = st.sync.comparedTo
if cmp ~= nil then
  local stale = false
  if spec.sources ~= nil and #spec.sources > 0 then
    local was = cmp.sources or {}
    stale = #was ~= #spec.sources
    for i = 1, #spec.sources do
      if not stale and not same(spec.sources[i], was[i]) then stale = true end
    end
  else
    stale = not same(spec.source, cmp.source)
  end
  if stale then
    hs.message = "Synced with the source it compared last, not the one its spec names now: waiting for it to compare again"
    return hs
  end
end
hs.status = "Healthy"
hs.message = health.message or ""
return hs
`;

/** True when an `argocd-cm` value of {@link APPLICATION_HEALTH_KEY} is this library's check. */
export function isApplicationHealthCheck(script: string): boolean {
  return script.trim() === APPLICATION_HEALTH_LUA.trim();
}

/** Child Application states where a usable check must not say Healthy, each with why. */
const MUST_WAIT: ReadonlyArray<{ readonly state: string; readonly obj: unknown }> = [
  { state: 'no status yet (just created)', obj: { spec: {} } },
  { state: 'Healthy but OutOfSync', obj: { status: { health: { status: 'Healthy' }, sync: { status: 'OutOfSync' } } } },
  { state: 'Healthy and Synced while a sync is running', obj: { status: { health: { status: 'Healthy' }, sync: { status: 'Synced' }, operationState: { phase: 'Running' } } } },
  {
    state: 'Healthy and Synced after a failed sync (resources Missing, argo-cd #27917)',
    obj: { status: { health: { status: 'Healthy' }, sync: { status: 'Synced' }, operationState: { phase: 'Failed', message: 'one or more objects failed to apply' }, resources: [{ kind: 'Deployment', name: 'x', status: 'OutOfSync', health: { status: 'Missing' } }] } },
  },
  { state: 'Progressing', obj: { status: { health: { status: 'Progressing' }, sync: { status: 'Synced' } } } },
  {
    state: 'Healthy and Synced for the targetRevision it compared last, right after the parent changed it (argo-cd #4577)',
    obj: {
      spec: { source: { repoURL: 'https://git.example.com/p.git', path: 'dist', targetRevision: 'v2' } },
      status: { health: { status: 'Healthy' }, sync: { status: 'Synced', comparedTo: { source: { repoURL: 'https://git.example.com/p.git', path: 'dist', targetRevision: 'v1' } } }, operationState: { phase: 'Succeeded' } },
    },
  },
];

/**
 * Where an `argocd-cm` Application health script would let an app-of-apps move on too early: the
 * states (of {@link MUST_WAIT}) in which it reports Healthy, or that it never does (a script error is
 * Unknown, which waits forever). Empty when it is usable.
 */
export function applicationHealthGaps(script: string): string[] {
  const gaps: string[] = [];
  const ready = runHealthLua(script, READY);
  if (ready.status !== 'Healthy') gaps.push(`never reports Healthy, even for a Healthy, Synced child (${ready.status}: ${ready.message})`);
  for (const { state, obj } of MUST_WAIT) {
    if (runHealthLua(script, obj as Record<string, unknown>).status === 'Healthy') gaps.push(`reports Healthy when the child is ${state}`);
  }
  return gaps;
}

/** A child the parent may move on after: Healthy, Synced, its last sync Succeeded. */
const READY: Record<string, unknown> = { status: { health: { status: 'Healthy' }, sync: { status: 'Synced' }, operationState: { phase: 'Succeeded' } } };

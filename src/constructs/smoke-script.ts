/**
 * The SmokeTest's shell script (its own module, outside the public API, so the synth benchmark can
 * render a plain Job with the same bytes).
 */
// POSIX sh; inputs arrive as positional arguments ($1..$5), never spliced into the script.
export const SMOKE_SCRIPT = [
  'url=$1 expect=$2 retry_for=$3 interval=$4 timeout=$5',
  'end=$(( $(date +%s) + retry_for )); n=0',
  'while :; do',
  '  n=$((n + 1))',
  '  code=$(curl -s -o /dev/null -w "%{http_code}" --max-time "$timeout" "$url") || true',
  '  if [ "$code" = "$expect" ]; then echo "smoke: $url answered $code (attempt $n)"; exit 0; fi',
  '  echo "smoke: $url answered ${code:-nothing}, expected $expect (attempt $n)"',
  '  if [ $(( $(date +%s) + interval )) -ge "$end" ]; then echo "smoke: not serving after ${retry_for}s"; exit 1; fi',
  '  sleep "$interval"',
  'done',
].join('\n');

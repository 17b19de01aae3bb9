-- Appended to every scenario by bench/support/wrk.ts: one JSON line at the end of the run, which the bench parses
-- (wrk's own text report rounds and mixes units). Latencies are in microseconds.
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d,' ..
      '"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\n',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end

-- Each connection is one viewer (or fan): one request, then a pause of `period` ms, as a player polling a live
-- playlist once a second does; not a flood. The first pause of each connection is random so that a thousand
-- viewers do not all ask in the same millisecond every second.
-- Args: period_ms connections [path ...] (several paths: taken in turn, e.g. pages of a listing).
local period, connections, paths, calls = 1000, 1, {}, 0

function init(args)
  period = tonumber(args[1])
  connections = tonumber(args[2])
  for i = 3, #args do paths[#paths + 1] = args[i] end
  math.randomseed(os.time())
end

function delay()
  calls = calls + 1
  if calls <= connections then return math.random(0, period) end
  return period
end

function request()
  if #paths == 0 then return wrk.format() end
  return wrk.format('GET', paths[calls % #paths + 1])
end

-- Each connection is one viewer's player fetching the newest segment of a live playlist once a second. wrk's Lua state
-- is per thread, not per connection, and a Lua `response()` makes wrk copy every body in 1 KB steps (a 270 KB segment
-- costs it more than nginx's sendfile does), so the thread does not read playlists: the bench does, twice a second,
-- and writes the newest segment's name to a file this script reads once a second.
-- Args: period_ms connections segment_folder_path newest_name_file
local period, connections, dir, nameFile, calls = 1000, 1, '', '', 0
local newest, readAt = nil, -1

function init(args)
  period = tonumber(args[1])
  connections = tonumber(args[2])
  dir = args[3]
  nameFile = args[4]
  math.randomseed(os.time())
end

function delay()
  calls = calls + 1
  if calls <= connections then return math.random(0, period) end
  return period
end

function request()
  local now = os.time()
  if readAt ~= now then
    readAt = now
    local f = io.open(nameFile, 'r')
    if f then
      newest = f:read('*l') or newest
      f:close()
    end
  end
  return wrk.format('GET', dir .. newest)
end

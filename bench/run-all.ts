/** Runs every benchmark in turn and prints their figures. */
import { benchApiMenu } from './api-menu';
import { benchBlockingTime } from './blocking-time';
import { benchCheckoutLatency } from './checkout-latency';
import { benchClipLatency } from './clip-latency';
import { benchLighthouse } from './lighthouse';
import { benchLiveLatency } from './live-latency';
import { benchWatchFirstFrame } from './watch-first-frame';

await benchApiMenu();
await benchWatchFirstFrame();
await benchLiveLatency();
await benchCheckoutLatency();
await benchClipLatency();
await benchLighthouse();
await benchBlockingTime();

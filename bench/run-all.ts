/** Runs every benchmark in turn and prints their figures. */
import { benchApiMenu } from './api-menu';

await benchApiMenu();

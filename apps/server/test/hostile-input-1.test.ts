import { hostileInputSuite } from './hostile-input.suite.js';

/** Hostile input, shard 1 of 3 of the route table (`hostile-input.suite.ts`). */
hostileInputSuite(0, 3);

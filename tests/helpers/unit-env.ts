/**
 * Jest `setupFiles` of the unit project: the code under test writes no EMF metric lines into the
 * test output (tests/unit/lib/metrics.test.ts turns them on for the modules it loads itself).
 */
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';

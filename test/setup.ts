import fc from "fast-check";

// Property runs: a quick default locally, more under CI.
fc.configureGlobal({ numRuns: process.env.CI ? 300 : 100 });

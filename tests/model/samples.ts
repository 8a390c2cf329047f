// The sample payloads of every process type live beside the demo seed that runs them
// (src/server/seed/process-samples.ts); the tests keep importing them from here.
export * from '../../src/server/seed/process-samples'

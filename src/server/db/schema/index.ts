// Every table, one file per aggregate. drizzle-kit generates the migrations from this barrel.

export * from './artworks'
export * from './files'
export * from './finance'
export * from './jobs'
export * from './messages'
export * from './notifications'
export * from './process-versions'
export * from './processes'
export * from './reference'
export * from './system-log'
export * from './tasks'
export * from './users'

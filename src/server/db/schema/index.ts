// Every table, one file per aggregate. drizzle-kit generates the migrations from this barrel.

export * from './artworks'
export * from './system-log'
export * from './users'
export * from './processes'
export * from './finance'
export * from './messages'
export * from './files'
export * from './reference'

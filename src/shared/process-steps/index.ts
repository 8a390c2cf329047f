// The step data of every process type, validated by these schemas on both sides (the web form and the
// process runtime). machines/ names which schema validates which step's SAVE / SUBMIT and which event.
export * from './common'
export * from './contract'
export * from './draft'
export * from './files'
export * from './finance-payment'
export * from './inputs'
export * from './insurance'
export * from './inventory'
export * from './operations'
export * from './payment'
export * from './purchase'
export * from './transport'

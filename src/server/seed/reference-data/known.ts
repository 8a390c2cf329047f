// Values and codes of the seeded reference data that other modules' tests and demo seeds may rely on.
// Free of database imports, so a test can read them before the app is built.

/** Values and codes a fresh database is known to have (demo-only ones marked). */
export const KNOWN_REFERENCE = {
  currency: { cny: 'CNY', usd: 'USD', hkd: 'HKD', eur: 'EUR', gbp: 'GBP', chf: 'CHF' },
  country: { china: 'CN', hongKong: 'HK', switzerland: 'CH', unitedKingdom: 'GB', unitedStates: 'US' },
  transportType: { air: 'AIR', road: 'ROAD', courier: 'COURIER' },
  feeAttribution: { transport: 'TRANSPORT', insurance: 'INSURANCE', acquisition: 'ACQUISITION' },
  paymentProperty: { full: 'FULL', deposit: 'DEPOSIT', final: 'FINAL' },
  picType: { front: 'FRONT', detail: 'DETAIL' },
  agreementContractType: {
    auctionPurchase: 'TRADE_PURCHASE_AUCTION',
    transport: 'SERVICE_LOGISTICS_TRANSPORT',
  },
  incomeFundSubject: { auctionHammer: 'INCOME_SALE_AUCTION_HAMMER', loanFee: 'INCOME_LICENSING_LOAN_FEE' },
  tagParent: {
    medium: 'CREATION_MEDIUM',
    period: 'PERIOD',
    investMarket: 'INVEST_MARKET',
    incomeStage: 'INCOME_STAGE',
    artistStage: 'ARTIST_STAGE',
    artworkLabel: 'ARTWORK_LABEL',
  },
  tag: {
    oilOnCanvas: 'MEDIUM_OIL_CANVAS',
    inkOnPaper: 'MEDIUM_INK_PAPER',
    artistEstablished: 'ARTIST_ESTABLISHED',
  },
  organization: { operations: 'OPERATIONS', finance: 'FINANCE', collection: 'COLLECTION' },
  /** Demo only. */
  enterprise: { shanghai: 'CG-SH', hongKong: 'CG-HK', switzerland: 'CG-CH' },
  /** Demo only. */
  room: {
    shanghaiFtz: 'SH-FTZ',
    hongKong: 'HK-KC',
    geneva: 'GVA-FP',
    london: 'LDN',
    beijingOffice: 'BJ-OFFICE',
  },
  /** Demo only. */
  vendor: {
    shipperShanghai: 'SHP-001',
    shipperHongKong: 'SHP-002',
    insurerShanghai: 'INS-001',
    framer: 'FRM-001',
  },
} as const

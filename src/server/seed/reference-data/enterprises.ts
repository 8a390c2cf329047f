// The family's companies that pay and collect (the payer company of a payment), as the demo install
// has them: an onshore manager, the Hong Kong collecting vehicle, and the offshore holding companies
// that keep works in Geneva, London and Singapore. Fictional companies and registration numbers.
import type { enterprises } from '../../db/schema'

export const ENTERPRISES: Omit<typeof enterprises.$inferInsert, 'id'>[] = [
  {
    code: 'CG-SH',
    nameZh: '上海澄观投资管理有限公司',
    nameEn: 'Shanghai Chengguan Investment Management Co., Ltd.',
    countryCode: 'CN',
    currency: 'CNY',
    registrationNo: '91310115MA1K3F7Q2T',
  },
  {
    code: 'CG-BJ',
    nameZh: '北京澄观文化发展有限公司',
    nameEn: 'Beijing Chengguan Culture Development Co., Ltd.',
    countryCode: 'CN',
    currency: 'CNY',
    registrationNo: '91110105MA01R8XK5J',
  },
  {
    code: 'CG-HK',
    nameZh: '澄观艺术收藏（香港）有限公司',
    nameEn: 'Chengguan Art Collection (Hong Kong) Limited',
    countryCode: 'HK',
    currency: 'HKD',
    registrationNo: '2987456',
  },
  {
    code: 'CG-SG',
    nameZh: '澄观家族控股（新加坡）私人有限公司',
    nameEn: 'Chengguan Family Holdings (Singapore) Pte. Ltd.',
    countryCode: 'SG',
    currency: 'USD',
    registrationNo: '201934567K',
  },
  {
    code: 'CG-CH',
    nameZh: '澄观收藏（瑞士）股份有限公司',
    nameEn: 'Chengguan Collection SA',
    countryCode: 'CH',
    currency: 'CHF',
    registrationNo: 'CHE-312.456.789',
  },
  {
    code: 'CG-UK',
    nameZh: '澄观艺术（英国）有限公司',
    nameEn: 'Chengguan Art (UK) Limited',
    countryCode: 'GB',
    currency: 'GBP',
    registrationNo: '11873402',
  },
].map((e, i) => ({ ...e, sort: (i + 1) * 10 }))

// The family office's departments (organisations) on a fresh install: who users belong to and who
// applies for a contract or a payment.
import type { organizations } from '../../db/schema'

export const ORGANIZATIONS: Omit<typeof organizations.$inferInsert, 'id'>[] = [
  { code: 'IC', nameZh: '投资决策委员会', nameEn: 'Investment Committee' },
  { code: 'ART_INVEST', nameZh: '艺术品投资部', nameEn: 'Art Investment' },
  { code: 'COLLECTION', nameZh: '藏品管理部', nameEn: 'Collection Management' },
  { code: 'OPERATIONS', nameZh: '投后运维部', nameEn: 'Post-investment Operations' },
  { code: 'FINANCE', nameZh: '财务部', nameEn: 'Finance' },
  { code: 'LEGAL', nameZh: '法务合规部', nameEn: 'Legal and Compliance' },
  { code: 'ADMIN', nameZh: '行政人事部', nameEn: 'Administration and HR' },
  { code: 'IT', nameZh: '信息技术部', nameEn: 'Information Technology' },
].map((o, i) => ({ ...o, sort: (i + 1) * 10 }))

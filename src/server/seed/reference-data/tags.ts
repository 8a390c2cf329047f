// The tag hierarchy of a fresh install: the six parent tags the artwork and artist forms load (docs/architecture.md § Records)
// and the children a collection of Chinese and Western, classical and contemporary art needs.
import type { TagParentCode } from '../../../shared/contracts/reference'

/** [code, Chinese name, English name] */
export type TagEntry = readonly [code: string, nameZh: string, nameEn: string]

export const TAG_TREE: Record<TagParentCode, { zh: string; en: string; children: readonly TagEntry[] }> = {
  CREATION_MEDIUM: {
    zh: '创作媒介',
    en: 'Creation medium',
    children: [
      ['MEDIUM_OIL_CANVAS', '布面油画', 'Oil on canvas'],
      ['MEDIUM_ACRYLIC_CANVAS', '布面丙烯', 'Acrylic on canvas'],
      ['MEDIUM_OIL_PANEL', '木板油画', 'Oil on panel'],
      ['MEDIUM_INK_PAPER', '纸本水墨', 'Ink on paper'],
      ['MEDIUM_INK_COLOUR_PAPER', '纸本设色', 'Ink and colour on paper'],
      ['MEDIUM_INK_COLOUR_SILK', '绢本设色', 'Ink and colour on silk'],
      ['MEDIUM_WATERCOLOUR', '纸本水彩', 'Watercolour on paper'],
      ['MEDIUM_DRAWING', '纸本素描', 'Drawing on paper'],
      ['MEDIUM_PRINT', '版画', 'Print'],
      ['MEDIUM_PHOTOGRAPH', '摄影', 'Photograph'],
      ['MEDIUM_BRONZE', '青铜', 'Bronze'],
      ['MEDIUM_MARBLE', '大理石', 'Marble'],
      ['MEDIUM_CERAMIC', '陶瓷', 'Ceramic'],
      ['MEDIUM_MIXED', '综合材料', 'Mixed media'],
      ['MEDIUM_VIDEO', '影像', 'Video'],
      ['MEDIUM_INSTALLATION', '装置', 'Installation'],
    ],
  },
  PERIOD: {
    zh: '创作时期',
    en: 'Period',
    children: [
      ['PERIOD_PRE_1911', '古代（1911 年以前）', 'Before 1911'],
      ['PERIOD_1912_1949', '近代（1912–1949）', 'Modern (1912–1949)'],
      ['PERIOD_1950_1979', '现代（1950–1979）', 'Post-war (1950–1979)'],
      ['PERIOD_1980_1999', '当代（1980–1999）', 'Contemporary (1980–1999)'],
      ['PERIOD_2000_ON', '新世纪（2000 年至今）', '21st century (2000 to date)'],
    ],
  },
  INVEST_MARKET: {
    zh: '投资市场',
    en: 'Invest market',
    children: [
      ['MARKET_PRIMARY', '一级市场（画廊与艺术家）', 'Primary market (galleries and artists)'],
      ['MARKET_AUCTION', '二级市场（拍卖）', 'Secondary market (auction)'],
      ['MARKET_PRIVATE_TREATY', '私人洽购', 'Private treaty'],
      ['MARKET_ART_FAIR', '艺术博览会', 'Art fair'],
      ['MARKET_ONLINE', '线上平台', 'Online platform'],
    ],
  },
  INCOME_STAGE: {
    zh: '收益阶段',
    en: 'Income stage',
    children: [
      ['INCOME_STAGE_INVESTING', '投入期', 'Investing'],
      ['INCOME_STAGE_HOLDING', '持有期', 'Holding'],
      ['INCOME_STAGE_EXIT_PREP', '退出筹备', 'Preparing exit'],
      ['INCOME_STAGE_EXITED', '已退出', 'Exited'],
      ['INCOME_STAGE_REALISED', '收益已实现', 'Return realised'],
    ],
  },
  ARTIST_STAGE: {
    zh: '艺术家阶段',
    en: 'Artist stage',
    children: [
      ['ARTIST_EMERGING', '新锐艺术家', 'Emerging'],
      ['ARTIST_MID_CAREER', '中坚艺术家', 'Mid-career'],
      ['ARTIST_ESTABLISHED', '成熟艺术家', 'Established'],
      ['ARTIST_MASTER', '大师', 'Master'],
      ['ARTIST_LATE_MASTER', '已故名家', 'Late master'],
    ],
  },
  ARTWORK_LABEL: {
    zh: '作品标签',
    en: 'Artwork label',
    children: [
      ['LABEL_CORE', '核心藏品', 'Core holding'],
      ['LABEL_SIGNATURE_WORK', '代表作', 'Signature work'],
      ['LABEL_PUBLISHED', '经出版著录', 'Published'],
      ['LABEL_EXHIBITED', '重要展览出处', 'Important exhibition history'],
      ['LABEL_PROVENANCE', '名家旧藏', 'Distinguished provenance'],
      ['LABEL_LOANABLE', '可借展', 'Available for loan'],
      ['LABEL_PENDING_AUTH', '待鉴定', 'Pending authentication'],
      ['LABEL_SPECIAL_CARE', '特殊保管', 'Special handling'],
    ],
  },
}

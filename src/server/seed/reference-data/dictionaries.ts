// The dictionaries of docs/architecture.md § Reference-data calls as a fresh install has them: what an art-collection office picks from when
// it records a payment, a transport, a loan or an archive document. Values are stable codes that records
// store; labels are what users read, in Chinese and English. COUNTRY comes from countries.ts.
import type { ItemDictCode } from '../../../shared/contracts/reference'

/** [value, Chinese label, English label] */
export type FlatEntry = readonly [value: string, labelZh: string, labelEn: string]
export interface TreeEntry {
  value: string
  zh: string
  en: string
  children?: TreeEntry[]
}

export const FLAT_DICTIONARIES: Record<Exclude<ItemDictCode, TreeDictCode>, readonly FlatEntry[]> = {
  FIN_FEE_ATTRIBUTION: [
    ['ACQUISITION', '艺术品购藏', 'Acquisition'],
    ['TRANSPORT', '运输', 'Transport'],
    ['STORAGE', '仓储', 'Storage'],
    ['INSURANCE', '保险', 'Insurance'],
    ['PHOTOGRAPHY', '拍摄', 'Photography'],
    ['REPLICATION', '复制', 'Replication'],
    ['MOUNTING', '装裱', 'Mounting and framing'],
    ['CONSERVATION', '修复', 'Conservation'],
    ['EXHIBITION', '借展', 'Exhibition loans'],
    ['SALE', '出售', 'Sale'],
    ['AUTHENTICATION', '鉴定与评估', 'Authentication and appraisal'],
    ['TAX_DUTY', '税费与关税', 'Taxes and duties'],
    ['ADMIN', '行政及其他', 'Administration and other'],
  ],
  PACKAGING_TYPE: [
    ['WOODEN_CRATE', '木箱', 'Wooden crate'],
    ['CLIMATE_CRATE', '恒温恒湿木箱', 'Climate-controlled crate'],
    ['TRAVEL_FRAME', '运输框（T 形框）', 'Travel frame (T-frame)'],
    ['SCULPTURE_CRATE', '雕塑定制木箱（内衬缓冲）', 'Custom sculpture crate with cushioning'],
    ['SOFT_WRAP', '软包装（无酸纸与气泡膜）', 'Soft wrap (acid-free tissue and bubble wrap)'],
    ['CARDBOARD_BOX', '加固纸箱', 'Reinforced cardboard box'],
    ['ROLL_TUBE', '画筒', 'Roll tube (scrolls and rolled canvases)'],
    ['BROCADE_BOX', '锦盒', 'Brocade box'],
    ['FITTED_CASE', '囊匣', 'Fitted case'],
  ],
  EVENT_TYPE: [
    ['EXHIBITION', '展览', 'Exhibition'],
    ['AUCTION', '拍卖', 'Auction'],
    ['PRIVATE_COLLECTION', '私人收藏', 'Private collection'],
    ['PUBLICATION', '出版', 'Publication'],
    ['LOAN', '借展', 'Loan'],
    ['CONSERVATION', '修复', 'Conservation'],
    ['AUTHENTICATION', '鉴定', 'Authentication'],
    ['GIFT', '捐赠与遗赠', 'Gift or bequest'],
    ['TRANSFER', '私下转让', 'Private transfer'],
    // added later: databases seeded before it get it from migration 0022 (the same place, sort 100)
    ['PURCHASE', '购入', 'Purchase'],
  ],
  LITERATU_RECORD_TYPERE: [
    ['CATALOGUE_RAISONNE', '作品全集', 'Catalogue raisonné'],
    ['EXHIBITION_CATALOGUE', '展览图录', 'Exhibition catalogue'],
    ['AUCTION_CATALOGUE', '拍卖图录', 'Auction catalogue'],
    ['MONOGRAPH', '艺术家专著', 'Monograph'],
    ['ALBUM', '画册', 'Album'],
    ['JOURNAL', '期刊文章', 'Journal article'],
    ['NEWSPAPER', '报刊报道', 'Newspaper article'],
    ['THESIS', '学术论文', 'Academic thesis'],
    ['ONLINE', '网络媒体', 'Online publication'],
  ],
  ART_PIC_TYPE: [
    ['FRONT', '正面图', 'Front view'],
    ['BACK', '背面图', 'Back view'],
    ['DETAIL', '局部图', 'Detail'],
    ['SIGNATURE', '签名与款识', 'Signature and inscription'],
    ['SEAL', '钤印', 'Seals'],
    ['FRAMED', '装框图', 'Framed view'],
    ['SIDE', '侧面图', 'Side view'],
    ['INSTALLATION', '展览现场图', 'Installation view'],
    ['CONDITION', '品相照片', 'Condition photograph'],
    ['LABEL', '背面标签', 'Labels and stamps'],
  ],
  CURRENCY: [
    ['CNY', '人民币', 'Chinese Yuan'],
    ['HKD', '港元', 'Hong Kong Dollar'],
    ['USD', '美元', 'US Dollar'],
    ['EUR', '欧元', 'Euro'],
    ['GBP', '英镑', 'British Pound'],
    ['CHF', '瑞士法郎', 'Swiss Franc'],
    ['JPY', '日元', 'Japanese Yen'],
    ['SGD', '新加坡元', 'Singapore Dollar'],
    ['MOP', '澳门元', 'Macanese Pataca'],
    ['TWD', '新台币', 'New Taiwan Dollar'],
    ['KRW', '韩元', 'South Korean Won'],
    ['AUD', '澳大利亚元', 'Australian Dollar'],
    ['CAD', '加拿大元', 'Canadian Dollar'],
    ['NZD', '新西兰元', 'New Zealand Dollar'],
    ['AED', '阿联酋迪拉姆', 'UAE Dirham'],
    ['SEK', '瑞典克朗', 'Swedish Krona'],
    ['NOK', '挪威克朗', 'Norwegian Krone'],
    ['DKK', '丹麦克朗', 'Danish Krone'],
    ['THB', '泰铢', 'Thai Baht'],
    ['INR', '印度卢比', 'Indian Rupee'],
  ],
  ARCHIVED_TYPE: [
    ['PURCHASE_CONTRACT', '购买合同', 'Purchase contract'],
    ['INVOICE', '发票', 'Invoice'],
    ['COA', '作品证书', 'Certificate of authenticity'],
    ['PROVENANCE', '流传经历文件', 'Provenance documents'],
    ['CONDITION_REPORT', '品相报告', 'Condition report'],
    ['CUSTOMS', '报关单据', 'Customs documents'],
    ['INSURANCE_POLICY', '保单', 'Insurance policy'],
    ['VALUATION_REPORT', '估值报告', 'Valuation report'],
    ['EXPERT_OPINION', '专家意见', 'Expert opinion'],
    ['PHOTO_RECORD', '影像资料', 'Photographic record'],
  ],
  ART_CONTRACT_TYPE: [
    ['PURCHASE', '购买合同', 'Purchase agreement'],
    ['SALE', '销售合同', 'Sale agreement'],
    ['AUCTION_CONSIGNMENT', '委托拍卖合同', 'Auction consignment agreement'],
    ['PRIVATE_CONSIGNMENT', '寄售合同', 'Private sale consignment'],
    ['LOAN', '借展协议', 'Loan agreement'],
    ['TRANSPORT', '运输合同', 'Transport contract'],
    ['STORAGE', '仓储合同', 'Storage agreement'],
    ['INSURANCE', '保险合同', 'Insurance contract'],
    ['CONSERVATION', '修复合同', 'Conservation contract'],
    ['MOUNTING', '装裱合同', 'Mounting and framing contract'],
    ['PHOTOGRAPHY', '拍摄合同', 'Photography contract'],
    ['REPRODUCTION', '复制授权协议', 'Reproduction licence'],
  ],
  TRANSPORT_PAY_TYPE: [
    ['OFFICE', '我方承担', 'Borne by the office'],
    ['SELLER', '卖方承担', 'Borne by the seller'],
    ['BUYER', '买方承担', 'Borne by the buyer'],
    ['BORROWER', '借展方承担', 'Borne by the borrower'],
    ['SHARED', '双方分摊', 'Shared between the parties'],
    ['INCLUDED', '已含于合同价款', 'Included in the contract price'],
  ],
  TRANSPORT_TYPE: [
    ['AIR', '空运', 'Air freight'],
    ['SEA', '海运', 'Sea freight'],
    ['ROAD', '陆运（恒温车）', 'Road (climate-controlled truck)'],
    ['RAIL', '铁路', 'Rail'],
    ['COURIER', '专人押运', 'Hand-carried by courier'],
    ['EXPRESS', '快递', 'Express parcel'],
    ['LOCAL', '市内短驳', 'Local shuttle'],
  ],
  INSURE_FEE_CALC_TYPE: [
    ['RATE', '按保额费率', 'Rate on insured value'],
    ['FIXED', '固定保费', 'Fixed premium'],
    ['DAILY', '按天计费', 'Pro rata per day'],
    ['PER_TRANSIT', '按单次运输', 'Per transit'],
    ['MINIMUM', '最低保费', 'Minimum premium'],
  ],
  EX_PURPOSE: [
    ['SCHOLARLY', '学术研究展', 'Scholarly exhibition'],
    ['RETROSPECTIVE', '艺术家回顾展', 'Retrospective'],
    ['MUSEUM_LOAN', '博物馆借展', 'Museum loan'],
    ['ART_FAIR', '艺术博览会', 'Art fair'],
    ['AUCTION_PREVIEW', '拍卖预展', 'Auction preview'],
    ['TOURING', '巡回展', 'Touring exhibition'],
    ['CHARITY', '公益展览', 'Charity exhibition'],
    ['PRIVATE_VIEW', '私人观摩', 'Private viewing'],
  ],
  REPLICA_TYPE: [
    ['GICLEE', '高精度微喷复制', 'Giclée reproduction'],
    ['HAND_COPY', '手工临摹', 'Hand-painted copy'],
    ['DIGITAL', '数字高清档案', 'High-resolution digital copy'],
    ['PRINT', '限量版画', 'Limited-edition print'],
    ['CAST', '雕塑翻模', 'Sculpture cast'],
    ['PRINT_3D', '3D 打印', '3D print'],
  ],
  PAYMENT_PROPERTY: [
    ['FULL', '全款', 'Full payment'],
    ['DEPOSIT', '定金', 'Deposit'],
    ['ADVANCE', '预付款', 'Advance payment'],
    ['PROGRESS', '进度款', 'Progress payment'],
    ['FINAL', '尾款', 'Final payment'],
    ['GUARANTEE', '保证金', 'Security deposit'],
    ['REFUND', '退款', 'Refund'],
    ['NON_CONTRACT', '非合同付款', 'Non-contract payment'],
  ],
  COMPANY_BUDGET: [
    ['ACQUISITION', '艺术品购藏预算', 'Acquisition budget'],
    ['OPERATIONS', '运维预算（运输与仓储）', 'Operations budget (transport and storage)'],
    ['INSURANCE', '保险预算', 'Insurance budget'],
    ['CONSERVATION', '修复与装裱预算', 'Conservation and framing budget'],
    ['EXHIBITION', '展览与借展预算', 'Exhibitions and loans budget'],
    ['RESEARCH', '研究与出版预算', 'Research and publications budget'],
    ['ADMIN', '行政管理预算', 'Administration budget'],
    ['UNBUDGETED', '预算外支出', 'Outside the budget'],
  ],
}

type TreeDictCode = 'INCOME_FUND_SUBJECT' | 'AGREEMENT_CONTRACT_TYPE'

export const TREE_DICTIONARIES: Record<TreeDictCode, TreeEntry[]> = {
  INCOME_FUND_SUBJECT: [
    {
      value: 'INCOME',
      zh: '收入',
      en: 'Income',
      children: [
        {
          value: 'INCOME_SALE',
          zh: '艺术品销售收入',
          en: 'Artwork sales',
          children: [
            {
              value: 'INCOME_SALE_AUCTION',
              zh: '拍卖成交款',
              en: 'Auction proceeds',
              children: [
                { value: 'INCOME_SALE_AUCTION_HAMMER', zh: '落槌价款', en: 'Hammer price' },
                { value: 'INCOME_SALE_AUCTION_GUARANTEE', zh: '保证价差额', en: 'Guarantee shortfall' },
              ],
            },
            { value: 'INCOME_SALE_PRIVATE', zh: '私洽销售款', en: 'Private sale proceeds' },
            { value: 'INCOME_SALE_CONSIGNMENT', zh: '画廊寄售款', en: 'Gallery consignment proceeds' },
          ],
        },
        {
          value: 'INCOME_LICENSING',
          zh: '借展与授权收入',
          en: 'Loans and licensing',
          children: [
            { value: 'INCOME_LICENSING_LOAN_FEE', zh: '借展费', en: 'Loan fee' },
            { value: 'INCOME_LICENSING_IMAGE', zh: '图像授权费', en: 'Image licensing fee' },
            { value: 'INCOME_LICENSING_REPRODUCTION', zh: '复制授权费', en: 'Reproduction royalty' },
          ],
        },
        {
          value: 'INCOME_CLAIM',
          zh: '保险理赔',
          en: 'Insurance claims',
          children: [
            { value: 'INCOME_CLAIM_DAMAGE', zh: '损坏理赔', en: 'Damage claim' },
            { value: 'INCOME_CLAIM_LOSS', zh: '灭失理赔', en: 'Loss claim' },
          ],
        },
        {
          value: 'INCOME_OTHER',
          zh: '其他收入',
          en: 'Other income',
          children: [
            { value: 'INCOME_OTHER_REFUND', zh: '供应商退款', en: 'Vendor refund' },
            { value: 'INCOME_OTHER_INTEREST', zh: '存款利息', en: 'Deposit interest' },
            { value: 'INCOME_OTHER_FX_GAIN', zh: '汇兑收益', en: 'Foreign exchange gain' },
          ],
        },
      ],
    },
    {
      value: 'FUND',
      zh: '资金',
      en: 'Funds',
      children: [
        {
          value: 'FUND_INJECTION',
          zh: '股东注资',
          en: 'Capital injection',
          children: [
            { value: 'FUND_INJECTION_TRUST', zh: '家族信托拨款', en: 'Family trust distribution' },
            { value: 'FUND_INJECTION_HOLDING', zh: '控股公司注资', en: 'Holding company injection' },
          ],
        },
        {
          value: 'FUND_TRANSFER',
          zh: '内部调拨',
          en: 'Internal transfers',
          children: [
            { value: 'FUND_TRANSFER_ONSHORE', zh: '境内调拨', en: 'Onshore transfer' },
            { value: 'FUND_TRANSFER_CROSS_BORDER', zh: '跨境调拨', en: 'Cross-border transfer' },
          ],
        },
        {
          value: 'FUND_LOAN',
          zh: '融资',
          en: 'Financing',
          children: [
            { value: 'FUND_LOAN_ART_SECURED', zh: '艺术品质押贷款', en: 'Art-secured loan' },
            { value: 'FUND_LOAN_SHAREHOLDER', zh: '股东借款', en: 'Shareholder loan' },
          ],
        },
      ],
    },
  ],
  AGREEMENT_CONTRACT_TYPE: [
    {
      value: 'TRADE',
      zh: '艺术品交易',
      en: 'Artwork trade',
      children: [
        {
          value: 'TRADE_PURCHASE',
          zh: '购买',
          en: 'Purchase',
          children: [
            { value: 'TRADE_PURCHASE_AUCTION', zh: '拍卖购入', en: 'Bought at auction' },
            { value: 'TRADE_PURCHASE_GALLERY', zh: '画廊购入', en: 'Bought from a gallery' },
            { value: 'TRADE_PURCHASE_PRIVATE', zh: '私人洽购', en: 'Private purchase' },
            { value: 'TRADE_PURCHASE_ARTIST', zh: '艺术家直购', en: 'Bought from the artist' },
          ],
        },
        {
          value: 'TRADE_SALE',
          zh: '出售',
          en: 'Sale',
          children: [
            { value: 'TRADE_SALE_AUCTION', zh: '委托拍卖', en: 'Auction consignment' },
            { value: 'TRADE_SALE_PRIVATE', zh: '私洽出售', en: 'Private sale' },
            { value: 'TRADE_SALE_GALLERY', zh: '画廊寄售', en: 'Gallery consignment' },
          ],
        },
      ],
    },
    {
      value: 'SERVICE',
      zh: '运维服务',
      en: 'Collection services',
      children: [
        {
          value: 'SERVICE_LOGISTICS',
          zh: '物流',
          en: 'Logistics',
          children: [
            { value: 'SERVICE_LOGISTICS_TRANSPORT', zh: '艺术品运输', en: 'Fine-art transport' },
            { value: 'SERVICE_LOGISTICS_CUSTOMS', zh: '报关代理', en: 'Customs brokerage' },
            { value: 'SERVICE_LOGISTICS_STORAGE', zh: '仓储保管', en: 'Storage' },
          ],
        },
        {
          value: 'SERVICE_INSURANCE',
          zh: '保险',
          en: 'Insurance',
          children: [
            { value: 'SERVICE_INSURANCE_ANNUAL', zh: '年度保险', en: 'Annual policy' },
            { value: 'SERVICE_INSURANCE_TRANSIT', zh: '运输及展览保险', en: 'Transit and exhibition cover' },
          ],
        },
        {
          value: 'SERVICE_CARE',
          zh: '保护与呈现',
          en: 'Care and presentation',
          children: [
            { value: 'SERVICE_CARE_CONSERVATION', zh: '修复', en: 'Conservation' },
            { value: 'SERVICE_CARE_MOUNTING', zh: '装裱', en: 'Mounting and framing' },
            { value: 'SERVICE_CARE_PHOTOGRAPHY', zh: '拍摄', en: 'Photography' },
            { value: 'SERVICE_CARE_REPLICA', zh: '复制', en: 'Replication' },
          ],
        },
      ],
    },
    {
      value: 'EXHIBITION',
      zh: '展览合作',
      en: 'Exhibitions',
      children: [
        { value: 'EXHIBITION_LOAN_OUT', zh: '出借展品', en: 'Loan out' },
        { value: 'EXHIBITION_CO_ORGANISE', zh: '联合主办', en: 'Co-organised exhibition' },
      ],
    },
    {
      value: 'OTHER',
      zh: '其他协议',
      en: 'Other agreements',
      children: [
        { value: 'OTHER_NDA', zh: '保密协议', en: 'Non-disclosure agreement' },
        { value: 'OTHER_ADVISORY', zh: '顾问服务', en: 'Advisory services' },
        { value: 'OTHER_APPRAISAL', zh: '鉴定评估', en: 'Authentication and appraisal' },
      ],
    },
  ],
}

// The error catalogue shared by server and web: every error travels as a code and a message key;
// the words are chosen at the edge, in the request's language (docs/api.md).

import type { Lang } from './lang'

// The languages live in ./lang.ts; the catalogue's readers take the type from here too.
export type { Lang }

/** Envelope codes and the HTTP status each travels with. */
export const ERROR_CODES = {
  invalidInput: 400,
  notSignedIn: 403,
  insufficientPrivilege: 4031,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedFormat: 415,
  editLocked: 423,
  tooManyAttempts: 429,
  internal: 500,
} as const
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES]

export function httpStatusOf(code: number): 400 | 403 | 404 | 409 | 413 | 415 | 423 | 429 | 500 {
  if (code === 4031) return 403
  if ([400, 403, 404, 409, 413, 415, 423, 429].includes(code)) return code as 400
  return 500
}

type Words = { 'zh-CN': string; en: string }

/**
 * Every message the server can put in `msg`. The messages of docs/architecture.md § Errors and behaviours keep their English wording.
 * `{name}` placeholders are filled by `formatMessage`.
 */
export const MESSAGES = {
  ok: { 'zh-CN': '成功', en: 'Success' },
  invalidInput: { 'zh-CN': '输入有误，请检查标出的字段', en: 'Invalid input: check the marked fields' },
  malformedJson: { 'zh-CN': '请求体不是有效的 JSON', en: 'The request body is not valid JSON' },
  bodyTooLarge: { 'zh-CN': '请求体过大', en: 'The request body is too large' },
  notSignedIn: { 'zh-CN': '未登录或登录已过期，请重新登录', en: 'Not signed in, or the session has expired' },
  insufficientPrivilege: {
    'zh-CN': '您的系统权限不足，无法使用该功能',
    en: 'Your system permissions are not enough for this function',
  },
  unknownSystem: { 'zh-CN': '未知的系统名称', en: 'Unknown system name' },
  notFound: { 'zh-CN': '记录不存在', en: 'No such record' },
  routeNotFound: { 'zh-CN': '接口不存在', en: 'No such API path' },
  conflict: {
    'zh-CN': '操作失败，当前有其他流程正在进行',
    en: 'Operation failed, other ongoing process at the moment',
  },
  duplicate: { 'zh-CN': '重复，操作失败', en: 'Duplication failed' },
  uploadFailed: { 'zh-CN': '上传失败', en: 'Uploading failed' },
  importFailed: { 'zh-CN': '导入失败', en: 'Import failed' },
  incorrectFileFormat: { 'zh-CN': '文件格式不正确', en: 'Incorrect file format' },
  unavailablePreview: { 'zh-CN': '该格式不支持预览', en: 'Unavailable preview format' },
  editLocked: {
    'zh-CN': '编辑权限已被锁定，请稍后再试',
    en: 'Envelop edit privilege locked, a moment later',
  },
  fileTooLarge: { 'zh-CN': '文件过大（上限 {limit}）', en: 'The file is too large (limit {limit})' },
  oneFileOnly: { 'zh-CN': '一次只能选择一个文件', en: 'Only one file may be selected at a time' },
  importTooLarge: {
    'zh-CN': '导入失败：Excel 文件不能超过 {limit}',
    en: 'Import failed: Excel files are at most {limit}',
  },
  importTooLargeText: {
    'zh-CN': '导入失败：文件不能超过 {limit}',
    en: 'Import failed: files are at most {limit}',
  },
  importFormatUnknown: {
    'zh-CN': '导入失败：文件不是 CSV 或 LIDO XML 文件，未导入任何内容',
    en: 'Import failed: the file is neither a CSV nor a LIDO XML file; nothing was imported',
  },
  importFormatMismatch: {
    'zh-CN': '导入失败：文件不是所选的格式（{format}），未导入任何内容',
    en: 'Import failed: the file is not in the chosen format ({format}); nothing was imported',
  },
  lidoInvalid: {
    'zh-CN': '导入失败：文件不符合 LIDO 1.1 规范，未导入任何内容。原因：{reason}',
    en: 'Import failed: the file is not valid LIDO 1.1; nothing was imported. Reason: {reason}',
  },
  lidoNoRecords: {
    'zh-CN': '导入失败：LIDO 文件中没有作品记录',
    en: 'Import failed: the LIDO file holds no records',
  },
  csvUnreadable: {
    'zh-CN': '导入失败：CSV 文件第 {line} 行无法读取（引号未闭合或字段格式有误），未导入任何内容',
    en: 'Import failed: line {line} of the CSV file cannot be read (an unclosed quote or a malformed field); nothing was imported',
  },
  workbookUnpacksTooLarge: {
    'zh-CN': '导入失败：Excel 文件解压后超过 {unpacked}（每个部件不超过 {part}），未导入任何内容',
    en: 'Import failed: the Excel file unpacks to more than {unpacked} (at most {part} a part); nothing was imported',
  },
  workbookTextTooLong: {
    'zh-CN': '导入失败：Excel 文件中有单元格超过 {chars} 个字符（Excel 自身的单元格上限），未导入任何内容',
    en: 'Import failed: a cell of the Excel file holds more than {chars} characters (Excel’s own cell limit); nothing was imported',
  },
  heavyJobYours: {
    'zh-CN': '您的另一项导出仍在进行，请在其完成后再试',
    en: 'Another export of yours is still running; try again when it finishes',
  },
  heavyJobBusy: {
    'zh-CN': '服务器正在处理其他导出，请在其完成后再试',
    en: 'Another export is running on the server; try again when it finishes',
  },
  multipartExpected: {
    'zh-CN': '上传须以 multipart/form-data 格式发送',
    en: 'Uploads are sent as multipart/form-data',
  },
  malformedUpload: { 'zh-CN': '上传数据不完整或格式有误', en: 'The upload is incomplete or malformed' },
  coverInvalid: {
    'zh-CN': '视频封面须为不超过 5MB 的 JPEG 或 PNG 图片',
    en: 'The video cover must be a JPEG or PNG image of at most 5 MB',
  },
  fileNotFound: { 'zh-CN': '文件不存在', en: 'No such file' },
  wrongCredentials: { 'zh-CN': '用户名或密码错误', en: 'Wrong username or password' },
  userDisabled: { 'zh-CN': '该账号已停用', en: 'This account is disabled' },
  tooManyAttempts: {
    'zh-CN': '尝试次数过多，请 {minutes} 分钟后再试',
    en: 'Too many attempts; try again in {minutes} minutes',
  },
  linkExpired: { 'zh-CN': '下载链接无效或已过期', en: 'The download link is invalid or has expired' },
  notAnImage: { 'zh-CN': '该文件不是图片', en: 'This file is not an image' },
  iiifRegionSyntax: {
    'zh-CN': '区域应为 full、square、x,y,w,h（像素）或 pct:x,y,w,h（百分比，不超过 100）',
    en: 'The region is full, square, x,y,w,h (pixels) or pct:x,y,w,h (percentages up to 100)',
  },
  iiifRegionOutside: {
    'zh-CN': '区域在图片之外，或宽度、高度为零',
    en: 'The region lies outside the image, or its width or height is zero',
  },
  iiifSizeSyntax: {
    'zh-CN': '尺寸应为 max、w,、,h、w,h、!w,h 或 pct:n（放大时前加 ^）',
    en: 'The size is max, w,, ,h, w,h, !w,h or pct:n (with a leading ^ to enlarge)',
  },
  iiifSizeZero: { 'zh-CN': '尺寸的宽度和高度须大于零', en: 'The size needs a width and a height above zero' },
  iiifSizeUpscale: {
    'zh-CN': '尺寸大于所选区域：如需放大，请在尺寸前加 ^',
    en: 'The size is larger than the region: put ^ before the size to enlarge',
  },
  iiifSizeTooLarge: {
    'zh-CN': '尺寸超过图像服务允许的最大宽度、高度或面积（见 info.json）',
    en: 'The size is above the largest width, height or area the image service allows (see info.json)',
  },
  iiifRotation: {
    'zh-CN': '旋转角度应为 0、90、180 或 270，可在前面加 ! 表示镜像',
    en: 'The rotation is 0, 90, 180 or 270, with a leading ! to mirror',
  },
  iiifQuality: { 'zh-CN': '质量应为 default、color 或 gray', en: 'The quality is default, color or gray' },
  iiifFormat: { 'zh-CN': '格式应为 jpg、png 或 webp', en: 'The format is jpg, png or webp' },
  shareValuesNotAllowed: {
    'zh-CN': '您没有查看估值的权限，不能在分享中显示价值',
    en: 'You may not see values, so a share of yours cannot show them',
  },
  sharePasswordRequired: { 'zh-CN': '请输入此分享的密码', en: 'Enter the password of this share' },
  sharePasswordWrong: { 'zh-CN': '密码不正确', en: 'The password is wrong' },
  shareNoArtworks: { 'zh-CN': '请至少选择一件作品', en: 'Choose at least one artwork' },
  shareTooManyArtworks: { 'zh-CN': '一次分享最多 200 件作品', en: 'A share holds at most 200 artworks' },
  shareUnknownArtwork: {
    'zh-CN': '所选作品中有不存在的作品',
    en: 'One of the chosen artworks does not exist',
  },
  shareOutOfScope: {
    'zh-CN': '作品 {inventoryNo} 不在您的范围内，不能分享',
    en: 'Artwork {inventoryNo} is outside your scope and cannot be shared',
  },
  shareSoldArtwork: {
    'zh-CN': '作品 {inventoryNo} 已售出，不能分享',
    en: 'Artwork {inventoryNo} has been sold and cannot be shared',
  },
  shareExpiryPast: { 'zh-CN': '到期时间必须晚于现在', en: 'The expiry must be later than now' },
  shareExpiryTooFar: {
    'zh-CN': '到期时间最多为 {max} 天之后',
    en: 'The expiry is at most {max} days ahead',
  },
  sharePasswordShort: { 'zh-CN': '密码至少 8 个字符', en: 'At least 8 characters' },
  sharePasswordAscii: {
    'zh-CN': '密码只能使用英文字母、数字、空格和英文标点',
    en: 'Only Latin letters, digits, spaces and punctuation',
  },
  // security: input at the edge, throttling, the last administrator, own password
  unsupportedMediaType: {
    'zh-CN': '请求体须为 JSON（Content-Type: application/json）',
    en: 'Request bodies are sent as JSON (Content-Type: application/json)',
  },
  invalidText: {
    'zh-CN': '文本含有空字符或无效的 Unicode 字符',
    en: 'The text holds a NUL character or broken Unicode',
  },
  noVisibleText: {
    'zh-CN': '名称须含有可见的文字（不能只有空格、零宽或文字方向控制字符）',
    en: 'A name needs visible text (not only spaces, zero-width or text-direction characters)',
  },
  headersTooLarge: {
    'zh-CN': '请求地址或请求头过长；批量参数请放在 POST 请求体中',
    en: 'The request address or headers are too long; send long lists in a POST body',
  },
  tooDeep: {
    'zh-CN': '数据嵌套层级过深（最多 {max} 层）',
    en: 'The data is nested too deeply (at most {max} levels)',
  },
  lastFullPrivilege: {
    'zh-CN': '这是最后一个拥有全部权限的启用角色或用户，不能停用或取消其全部权限',
    en: 'This is the last enabled role or user with full privilege: it cannot be disabled or lose it',
  },
  roleNameTaken: { 'zh-CN': '已有角色使用这个名称', en: 'Another role has this name' },
  rolePrivilegesEmpty: {
    'zh-CN': '启用的角色至少要有一项权限（或全部权限）',
    en: 'An enabled role needs at least one privilege (or full privilege)',
  },
  disableSelf: { 'zh-CN': '不能停用自己的账号', en: 'You cannot disable your own account' },
  grantFullPrivilege: {
    'zh-CN': '只有拥有全部权限的用户才能创建、修改、启停或分配拥有全部权限的角色（{role}）',
    en: 'Only a holder of full privilege may create, change, enable, disable or assign a full-privilege role ({role})',
  },
  roleBeyondOwn: {
    'zh-CN': '您创建或修改的角色只能包含您自己拥有的权限；角色“{role}”含有您没有的权限：{privileges}',
    en: 'A role you create or change may hold only privileges you hold yourself; “{role}” holds ones you do not: {privileges}',
  },
  assignRoleBeyondOwn: {
    'zh-CN': '不能分配或取消角色“{role}”：它含有您自己没有的权限：{privileges}',
    en: 'You cannot assign or remove the role “{role}”: it holds privileges you do not hold yourself: {privileges}',
  },
  grantBeyondOwn: {
    'zh-CN': '不能授予或取消您自己没有的权限：{privileges}',
    en: 'You cannot grant or take away privileges you do not hold yourself: {privileges}',
  },
  fullPrivilegeUser: {
    'zh-CN':
      '{user} 拥有全部权限：只有拥有全部权限的用户才能修改、停用、启用、解锁此用户，重置其密码或结束其会话',
    en: '{user} holds full privilege: only a holder of full privilege may edit, disable, enable or unlock them, reset their password or end their sessions',
  },
  takeOverBeyondOwn: {
    'zh-CN':
      '不能设置或重置 {user} 的密码：此用户拥有您自己没有的权限（{privileges}），知道其密码就能以其身份行事',
    en: 'You cannot set or reset the password of {user}: they hold privileges you do not ({privileges}), and their password would let you act as them',
  },
  scopeBeyondOwn: {
    'zh-CN': '不能授予超出您自己范围的藏品范围：只能选择您所限的法律实体或其下属实体，且不能授予全部藏品',
    en: 'You cannot give a scope wider than your own: only the legal entities you are limited to or those under them, never the whole collection',
  },
  scopeTakeOver: {
    'zh-CN': '不能设置或重置 {user} 的密码：此用户能看到您范围以外的藏品，知道其密码就能看到这些藏品',
    en: 'You cannot set or reset the password of {user}: they see works outside your scope, and their password would show them to you',
  },
  ownGrants: {
    'zh-CN': '不能更改自己的角色或权限，须由其他管理员更改',
    en: 'You cannot change your own roles or privileges: another administrator must',
  },
  logExportTooMany: {
    'zh-CN': '符合条件的日志超过 {max} 条，请缩小筛选范围（例如时间）后再导出',
    en: 'More than {max} entries match: narrow the filter (a time range, say) to export',
  },
  wrongCurrentPassword: { 'zh-CN': '当前密码不正确', en: 'The current password is wrong' },
  passwordIsUsername: { 'zh-CN': '密码不能包含用户名', en: 'The password cannot contain the username' },
  passwordBreached: {
    'zh-CN': '该密码在已泄露的常见密码名单中，请换一个',
    en: 'This password is on a list of leaked, common passwords; choose another',
  },
  passwordsDiffer: { 'zh-CN': '两次输入的新密码不一致', en: 'The two new passwords differ' },
  passwordUnchanged: {
    'zh-CN': '新密码不能与当前密码相同',
    en: 'The new password must differ from the current one',
  },
  separationOfDuties: {
    'zh-CN': '职责分离：提交该款项的人不能确认款项已付出或已到账',
    en: 'Separation of duties: whoever submitted this payment cannot confirm that the money moved',
  },
  ownSubmission: {
    'zh-CN': '不能审批自己提交的内容（委托审批也不可以）',
    en: 'You cannot approve your own submission (nor on behalf of someone else)',
  },
  alreadyApproved: {
    'zh-CN': '您已审批过这一步，须由另一位审批人审批',
    en: 'You have already approved this step: another approver must approve it',
  },
  taskClaimed: {
    'zh-CN': '该任务已由 {name} 认领',
    en: 'This task has been claimed by {name}',
  },
  notDelegated: {
    'zh-CN': '今天没有该用户对此类流程的有效委托',
    en: 'No delegation from this user covers this process type today',
  },
  delegatorDisabled: {
    'zh-CN': '{name} 的账号已停用，其委托不再有效',
    en: 'The account of {name} is disabled: their delegation no longer holds',
  },
  internal: {
    'zh-CN': '系统繁忙，请稍后再试（日志编号 {logId}）',
    en: 'Something went wrong; try again later (log id {logId})',
  },
  // field-level messages
  required: { 'zh-CN': '必填', en: 'Required' },
  tooLong: { 'zh-CN': '最多 {max} 个字符', en: 'At most {max} characters' },
  digitsOnly: { 'zh-CN': '只能输入数字', en: 'Digits only' },
  salvagePriorityRange: { 'zh-CN': '请填写 1 到 5 之间的整数', en: 'A whole number from 1 to 5' },
  badValuationYears: {
    'zh-CN': '年数应为 1 到 50 之间的整数',
    en: 'Years are a whole number from 1 to 50',
  },
  badConditionMonths: {
    'zh-CN': '月数应为 1 到 120 之间的整数',
    en: 'Months are a whole number from 1 to 120',
  },
  invalidMoney: {
    'zh-CN': '金额格式不正确（最多两位小数）',
    en: 'Not a valid amount (at most two decimals)',
  },
  invalidDate: { 'zh-CN': '日期格式应为 yyyy-MM-dd', en: 'Dates are written yyyy-MM-dd' },
  noSuchDate: {
    'zh-CN': '日历中没有这一天：请检查月份（1–12）和该月的天数',
    en: 'There is no such day: check the month (1–12) and the days of that month',
  },
  invalidValue: { 'zh-CN': '取值无效', en: 'Invalid value' },
  badRatio: {
    'zh-CN': '比例应在 50% 到 150% 之间（0.5 至 1.5，最多三位小数）',
    en: 'The ratio is from 50 % to 150 % (0.5 to 1.5, at most three decimals)',
  },
  positiveMoney: {
    'zh-CN': '金额须大于零（最多两位小数）',
    en: 'An amount above zero (at most two decimals)',
  },
  notOnPolicy: {
    'zh-CN': '该作品不在此保单的承保清单上',
    en: "This artwork is not on the policy's schedule",
  },
  policyNotEditable: {
    'zh-CN': '保单已失效或作废，其承保清单不能再修改',
    en: 'The policy has lapsed or is void: its schedule of cover can no longer be changed',
  },
  badPage: { 'zh-CN': '页码应为从 1 开始的整数', en: 'The page is a whole number from 1' },
  badPageSize: {
    'zh-CN': '每页条数应为 1 到 200 之间的整数',
    en: 'The page size is a whole number from 1 to 200',
  },
  badShow: {
    'zh-CN': '只能查看：有效、即将到期、已过期、已失效或全部保单',
    en: 'Show one of: active, expiring, expired, lapsed or all policies',
  },
  badWithin: { 'zh-CN': '天数只能是 30、60 或 90', en: 'Within is 30, 60 or 90 days' },
  badCover: {
    'zh-CN': '只能查看已投保或待投保的艺术品',
    en: 'Show covered or to-be-insured artworks',
  },
  badClaimStatus: {
    'zh-CN': '理赔状态只能是：进行中、已赔付或已结束',
    en: 'A claim is open, paid or closed',
  },
  unknownField: { 'zh-CN': '不允许的字段', en: 'Field not allowed' },
  mustBePositive: { 'zh-CN': '必须大于零', en: 'Must be greater than zero' },
  bandsOverlap: {
    'zh-CN': '金额区间重叠：每个区间须从上一个区间的上限开始',
    en: 'The amount bands overlap: each band starts where the one before ends',
  },
  bandsSkip: {
    'zh-CN': '金额区间有缺口：须从 0.00 起连续，最后一个区间不设上限',
    en: 'The amount bands leave a gap: they start at 0.00, follow on, and the last has no upper end',
  },
  tooFewCandidates: {
    'zh-CN': '所需审批人数超过了可审批的人数（{count} 人）',
    en: 'More approvals than there are people who may approve ({count})',
  },
  delegateToSelf: { 'zh-CN': '不能委托给自己', en: 'You cannot delegate to yourself' },
  delegationOverlaps: {
    'zh-CN': '与已有的委托时间重叠',
    en: 'This overlaps a delegation already in place',
  },
  delegationLoop: {
    'zh-CN': '该委托会形成循环：{loop}',
    en: 'This delegation would make a loop: {loop}',
  },
  endBeforeStart: {
    'zh-CN': '结束日期不能早于开始日期',
    en: 'The end date cannot be earlier than the start date',
  },
  filterValueNotFound: {
    'zh-CN': '该筛选值不存在（可能已被删除或不属于此类）',
    en: 'This filter value does not exist (it may have been deleted, or is of another kind)',
  },
  rangeTooLong: {
    'zh-CN': '时间范围过长：最多 {max} 个点，请缩短范围或按年查看',
    en: 'The range is too long: at most {max} points; shorten it or view by year',
  },
  expiryBeforeEffective: {
    'zh-CN': '合同到期日不能早于生效日',
    en: 'The contract expiry date cannot be earlier than the effective date',
  },
  paidExceedsContract: {
    'zh-CN': '付款金额不能超过合同金额',
    en: 'The paid amount cannot exceed the contract amount',
  },
  fullPaymentDue: {
    'zh-CN': '全款应为 {due}',
    en: 'A full payment must be the {due} still due',
  },
  singlePaymentDue: {
    'zh-CN': '本流程只收付一笔款，应为尚欠的 {due}',
    en: 'This process takes a single payment: it must be the {due} still due',
  },
  payeeNameEnglish: {
    'zh-CN': '中国大陆以外的收款人名称须为英文',
    en: 'Payee names outside mainland China must be in English',
  },
  payeeIncomplete: { 'zh-CN': '收款人信息须填写完整', en: 'Payee information must be complete' },
  paymentDetailIncomplete: {
    'zh-CN': '付款明细须有付款公司和金额',
    en: 'A payment detail needs a paying company and an amount',
  },
  previewImageRequired: {
    'zh-CN': '请上传作品预览图并选择图片类型',
    en: 'An artwork preview image and its picture type are required',
  },
  usernameTaken: { 'zh-CN': '用户名已存在', en: 'This username is taken' },
  weakPassword: {
    'zh-CN': '密码至少 12 个字符（连续的空格只算一个），且须包含字母和数字',
    en: 'Passwords need at least 12 characters (a run of spaces counts as one), with letters and digits',
  },
  inUse: { 'zh-CN': '该记录正在被使用，无法删除', en: 'This record is in use and cannot be deleted' },
  eventNotEnabled: {
    'zh-CN': '当前状态下不能执行该操作',
    en: 'This action is not possible in the current state',
  },
  // what TERMINATE refuses or asks for in a state (machines/blocks.ts Terminate)
  terminateInTransit: {
    'zh-CN': '作品正在运输途中，请先确认到达，再终止流程',
    en: 'The artworks are in transit: record their arrival first, then terminate',
  },
  terminateOnLoan: {
    'zh-CN': '作品仍在借展中，请先登记归还，再终止流程',
    en: 'The artworks are still on loan: record their return first, then terminate',
  },
  terminateBorrowed: {
    'zh-CN': '借入的作品仍在本处，请先登记归还出借方，再终止流程',
    en: 'The borrowed works are still with us: record their return to the lender first, then terminate',
  },
  entryReceiptNotReady: {
    'zh-CN': '入馆登记尚未批准，作品还没有档案，暂不能出具收据',
    en: 'The entry is not approved yet, so the work has no record: the receipt cannot be printed',
  },
  loanInNotArrived: {
    'zh-CN': '借入的作品尚未到达，不能登记归还：请先登记到达',
    en: 'The borrowed works have not arrived yet, so they cannot be returned: record their arrival first',
  },
  whereNowRequired: {
    'zh-CN': '请说明作品现在的位置：选择库房或填写地点',
    en: 'Say where the artworks are now: choose a room or enter a place',
  },
  // an artwork whose status a process type does not start on (machines: artworkStatuses)
  artworkIsSold: {
    'zh-CN': '作品 {artworks} 已售出，不能再发起该流程',
    en: 'Artwork {artworks} has been sold: this process cannot start on it',
  },
  artworkIsMissing: {
    'zh-CN': '作品 {artworks} 在盘点中缺失，找回前不能发起该流程',
    en: 'Artwork {artworks} is missing since a stocktake: this process cannot start on it until it is found',
  },
  artworkIsOnLoan: {
    'zh-CN': '作品 {artworks} 正在借展中，不能发起该流程',
    en: 'Artwork {artworks} is out on loan: this process cannot start on it',
  },
  artworkIsPurchased: {
    'zh-CN': '作品 {artworks} 尚未入藏，不能发起该流程',
    en: 'Artwork {artworks} is not in the collection yet: this process cannot start on it',
  },
  artworkIsInCollection: {
    'zh-CN': '作品 {artworks} 已在藏品中，不能发起该流程',
    en: 'Artwork {artworks} is already in the collection: this process cannot start on it',
  },
  artworkIsInCare: {
    'zh-CN': '作品 {artworks} 由本办公室代管，并非馆藏，不能发起该流程',
    en: 'Artwork {artworks} is in our care but not owned: this process cannot start on it',
  },
  artworkIsBorrowed: {
    'zh-CN': '作品 {artworks} 为借入作品，并非馆藏，不能发起该流程',
    en: 'Artwork {artworks} is borrowed, not owned: this process cannot start on it',
  },
  artworkIsReturned: {
    'zh-CN': '作品 {artworks} 已归还物主，不能发起该流程',
    en: 'Artwork {artworks} has been returned to its owner: this process cannot start on it',
  },
  artworkHeld: {
    'zh-CN': '作品 {artworks} 正在另一个未结束的流程中，请待其结束后再试',
    en: 'Artwork {artworks} is in another process that has not ended: try again once it has',
  },
  // binding insurance cover on artworks no longer insurable (the policy step of the cover processes)
  coverRefused: {
    'zh-CN': '以下作品已不能投保，保单不能生效：{artworks}',
    en: 'These artworks can no longer be insured, so the policy cannot cover them: {artworks}',
  },
  // a renewal names the policy it renews (INSURANCE_RENEWAL previousProcessId / previousPolicyNo)
  renewedPolicyVoid: {
    'zh-CN': '保单 {policy} 已作废（其流程已终止），不能续保',
    en: 'Policy {policy} is void (its process was terminated): it cannot be renewed',
  },
  renewedPolicyLapsed: {
    'zh-CN': '保单 {policy} 已失效（已决定不续保），不能再续保',
    en: 'Policy {policy} has lapsed (a renewal let it lapse): it cannot be renewed',
  },
  renewedPolicyNone: {
    'zh-CN': '所选流程没有已出具的保单，无可续保的保单',
    en: 'The process named has issued no policy: there is no policy to renew',
  },
  // process step data (src/shared/process-steps)
  paymentDetailsTotal: {
    'zh-CN': '付款明细合计须等于付款金额',
    en: 'The payment details must add up to the amount',
  },
  amountExceedsDue: { 'zh-CN': '金额不能超过应付金额', en: 'The amount cannot exceed the amount due' },
  currencyMismatch: {
    'zh-CN': '币种须与合同（或应付金额）的币种一致',
    en: 'The currency must be the currency of the contract (or of the amount due)',
  },
  paidOnInFuture: { 'zh-CN': '付款日期不能晚于今天', en: 'The payment date cannot be after today' },
  costAmountFixed: {
    'zh-CN': '该付款申请支付已登记的费用 {amount} {currency}，金额和币种须与之一致',
    en: 'This request pays a recorded cost of {amount} {currency}: its amount and currency are those of the cost',
  },
  costNotRecorded: {
    'zh-CN': '该步骤尚无经审批的费用可付',
    en: 'That step has no approved cost to pay yet',
  },
  costAlreadyRequested: {
    'zh-CN': '该费用已有付款申请（{by} 于 {date} 发起，{status}），终止该申请后才能另行申请',
    en: 'This cost already has a payment request ({by}, started {date}, {status}): terminate that one before raising another',
  },
  invalidRange: { 'zh-CN': '上限不能低于下限', en: 'The upper bound cannot be below the lower bound' },
  duplicateArtwork: { 'zh-CN': '同一作品不能重复出现', en: 'An artwork may appear only once' },
  discrepancyUnaccounted: {
    'zh-CN': '每件盘亏作品都须注明已找到或仍缺失',
    en: 'Every missing artwork must be marked found or still missing',
  },
  notInCount: {
    'zh-CN': '该作品不在盘亏清单中',
    en: 'This artwork is not among the missing ones of the count',
  },
  notInBatch: { 'zh-CN': '该作品不在本批次中', en: 'This artwork is not in this batch' },
  // a stocktake's count names only what the room holds (server: modules/process/checks/stocktake.ts)
  countNotOfRoom: {
    'zh-CN':
      '作品 {artworks} 不能计入本库房的盘点（原因见各项）；在本库房发现但不属于本库房的作品只记为意外发现',
    en: 'Artworks {artworks} cannot be counted in this room (see the reason at each); one found here that the room does not hold is only noted as unexpected',
  },
  countArtworkSold: {
    'zh-CN': '作品 {artwork} 已售出，不在本库房，不能计入本次盘点',
    en: 'Artwork {artwork} has been sold: it is not in this room and cannot be counted here',
  },
  countArtworkOnLoan: {
    'zh-CN': '作品 {artwork} 正在借展中，不在本库房，不能计入本次盘点',
    en: 'Artwork {artwork} is out on loan: it is not in this room and cannot be counted here',
  },
  countArtworkInTransit: {
    'zh-CN': '作品 {artwork} 正在运输途中，不在本库房，不能计入本次盘点',
    en: 'Artwork {artwork} is in transit: it is not in this room and cannot be counted here',
  },
  countArtworkMissing: {
    'zh-CN': '作品 {artwork} 在此前的盘点中已确认缺失，不在本库房，不能计入本次盘点',
    en: 'Artwork {artwork} has been missing since an earlier stocktake: it is not in this room and cannot be counted here',
  },
  countArtworkOtherRoom: {
    'zh-CN': '作品 {artwork} 在库房 {room}，不在本库房，请在其所在库房盘点',
    en: 'Artwork {artwork} is in room {room}, not in this one: count it in its own room',
  },
  countArtworkNoRoom: {
    'zh-CN': '作品 {artwork} 不在任何库房中，不能计入本次盘点',
    en: 'Artwork {artwork} is not in a room of the warehouse: it cannot be counted here',
  },
  countArtworkHeld: {
    'zh-CN': '作品 {artwork} 正在未结束的流程（{process}）中，该流程结束前不能记为盘亏',
    en: 'Artwork {artwork} is in a process that has not ended ({process}): it cannot be counted missing until that process ends',
  },

  batchArtworkMissing: {
    'zh-CN': '本批次的每件作品都须填写库房和到货品相',
    en: 'Every artwork of the batch needs its room and condition on arrival',
  },
  conditionNoteRequired: {
    'zh-CN': '品相与预期不符时须填写说明',
    en: 'Describe the condition when it is not as expected',
  },
  roomDisabled: { 'zh-CN': '该库房已停用', en: 'This room is disabled' },
  unknownRoom: { 'zh-CN': '没有这个库房', en: 'There is no such room' },
  commentRequired: { 'zh-CN': '请填写意见或原因', en: 'A comment or reason is required' },
  idempotencyKeyMismatch: {
    'zh-CN': '该幂等键已用于另一个不同的请求，未执行本次操作',
    en: 'This idempotency key was already used for a different request; nothing was done',
  },
  // machine versions (POST /api/process/:id/migrate)
  unknownVersion: { 'zh-CN': '该流程类型没有这个版本', en: 'This process type has no such version' },
  alreadyOnVersion: { 'zh-CN': '流程已在该版本上运行', en: 'The process already runs on this version' },
  migrationNotDeclared: {
    'zh-CN': '未声明从当前版本到该版本的迁移',
    en: 'No migration is declared from the current version to this one',
  },
  stateNotMapped: {
    'zh-CN': '迁移未映射流程当前所处的状态',
    en: "The migration does not map the process's current state",
  },
  processFinished: { 'zh-CN': '流程已结束，不能再更改', en: 'The process has finished and cannot change' },
  // process messages (message bell): {process} is the process type, {step} the step, {by} the sender
  msgApprovalRequested: {
    'zh-CN': '待审批：{process}·{step}',
    en: 'Waiting for approval: {process}, {step}',
  },
  msgApproved: { 'zh-CN': '已审批通过：{process}·{step}', en: 'Approved: {process}, {step}' },
  msgRejected: { 'zh-CN': '已驳回：{process}·{step}', en: 'Rejected: {process}, {step}' },
  msgPaymentFailed: { 'zh-CN': '付款失败：{process}·{step}', en: 'Payment failed: {process}, {step}' },
  msgCompleted: { 'zh-CN': '流程已完成：{process}', en: 'Completed: {process}' },
  msgTerminated: { 'zh-CN': '流程已终止：{process}', en: 'Terminated: {process}' },
  msgRestarted: { 'zh-CN': '流程已重新发起：{process}', en: 'Restarted: {process}' },
  msgProcessOpened: { 'zh-CN': '新流程：{process}', en: 'New process: {process}' },
  msgNotice: { 'zh-CN': '流程动态：{process}·{step}', en: 'Process update: {process}, {step}' },
  msgTaskAssigned: {
    'zh-CN': '新任务：{process}·{step}（{task}）',
    en: 'New task: {process}, {step} ({task})',
  },
  msgTaskDueSoon: {
    'zh-CN': '任务即将到期：{process}·{step}（{task}），截止 {due}',
    en: 'Task due soon: {process}, {step} ({task}), due {due}',
  },
  msgTaskOverdue: {
    'zh-CN': '任务已逾期：{process}·{step}（{task}），截止 {due}',
    en: 'Task overdue: {process}, {step} ({task}), was due {due}',
  },
  msgTaskEscalated: {
    'zh-CN': '逾期任务上报：{process}·{step}（{task}），截止 {due}',
    en: 'Overdue task escalated to you: {process}, {step} ({task}), was due {due}',
  },
  // bulk actions on processes (POST /api/process/bulk)
  bulkSelection: {
    'zh-CN': '请选择流程，或选择“全部符合筛选条件的流程”（二选一）',
    en: 'Choose processes, or all matching the filter (one of the two)',
  },
  bulkTooMany: {
    'zh-CN': '共 {count} 个流程，一次最多处理 {max} 个，请缩小筛选范围',
    en: '{count} processes: at most {max} at once, narrow the filter',
  },
  bulkNothingSelected: { 'zh-CN': '没有符合条件的流程', en: 'No process matches the selection' },
  bulkMixedTypes: {
    'zh-CN': '版本迁移一次只能针对一种流程类型，所选流程包含：{types}',
    en: 'A migration moves one process type at a time; the selection holds: {types}',
  },
  bulkUnknownState: {
    'zh-CN': '{type} 第 {version} 版没有状态“{state}”',
    en: '{type} version {version} has no state "{state}"',
  },
  bulkNoOpenTask: { 'zh-CN': '该流程没有待办任务可转交', en: 'The process has no open task to reassign' },
  bulkNotCandidate: {
    'zh-CN': '{user} 不能办理该任务（权限或任务设置不允许）',
    en: '{user} may not do this task (their privileges or the task settings rule it out)',
  },
  bulkReassignRefused: {
    'zh-CN': '只有管理员或该流程类型的审批人可以转交其任务',
    en: 'Only an administrator or an approver of this process type may reassign its task',
  },
  bulkNotVisible: { 'zh-CN': '无权查看该流程', en: 'You may not see this process' },
  // incidents: failed background work (modules/incidents/)
  msgIncidentOpened: {
    'zh-CN': '后台任务失败：{what}',
    en: 'Background work failed: {what}',
  },
  msgIncidentBody: {
    'zh-CN': '错误：{error}。请在“故障事件”中重试或处理。',
    en: 'Error: {error}. Retry or resolve it under Incidents.',
  },
  incidentAlreadyResolved: {
    'zh-CN': '该故障事件已处理，无需重试',
    en: 'This incident is already resolved: there is nothing to retry',
  },
  incidentEmailServer: {
    'zh-CN': '经邮件服务器 {server} 发送邮件',
    en: 'Sending emails through the mail server {server}',
  },
  incidentEmailOne: { 'zh-CN': '发给 {to} 的邮件：{subject}', en: 'Email to {to}: {subject}' },
  incidentReminder: { 'zh-CN': '提醒：{title}', en: 'Reminder: {title}' },
  incidentTaskTimer: {
    'zh-CN': '任务计时（{timer}）：{process}·{step}',
    en: 'Task timer ({timer}): {process}, {step}',
  },
  incidentTimerRemind: { 'zh-CN': '即将到期提醒', en: 'due-soon reminder' },
  incidentTimerOverdue: { 'zh-CN': '逾期通知', en: 'overdue notice' },
  incidentTimerEscalate: { 'zh-CN': '逾期上报', en: 'escalation' },
  incidentJob: { 'zh-CN': '定时任务：{job}', en: 'Scheduled job: {job}' },
  incidentRetried: { 'zh-CN': '重试成功', en: 'Retried successfully' },
  incidentRecovered: { 'zh-CN': '之后自动执行成功', en: 'Succeeded on a later run' },
  msgBodyBy: { 'zh-CN': '{by} 留言：{comment}', en: '{by} wrote: {comment}' },
  // emails (modules/notifications): the link under a message, and why the user receives it
  emailOpenLink: { 'zh-CN': '在 Vitrine 中查看：{link}', en: 'Open it in Vitrine: {link}' },
  emailFooter: {
    'zh-CN': '您收到这封邮件，是因为您选择通过邮件接收此类通知。更改设置：{link}',
    en: 'You get this email because you chose to receive this kind of notification by email. Change your choices: {link}',
  },
  msgReminderInsurance: {
    'zh-CN': '保险即将到期：{policy}（{date}），请安排续保',
    en: 'Insurance ends soon: {policy} ({date}); arrange the renewal',
  },
  msgReminderContract: {
    'zh-CN': '合同即将到期：{contract}（{date}）',
    en: 'Contract ends soon: {contract} ({date})',
  },
  msgCoverEnded: {
    'zh-CN': '保险已到期：{count} 件作品待投保（{artworks}）',
    en: 'Insurance cover ended: {count} artworks to be insured ({artworks})',
  },
  msgCoverEndedBody: {
    'zh-CN': '截至 {date}，这些作品已没有有效保单，请安排投保',
    en: 'As of {date} no policy in force covers them: arrange their insurance',
  },
  unknownDictCode: { 'zh-CN': '未知的字典编码', en: 'Unknown dictionary code' },
  unknownParentTag: { 'zh-CN': '未知的上级标签', en: 'Unknown parent tag' },
  codeTaken: { 'zh-CN': '该编码已存在', en: 'This code is already in use' },
  // warehouse: rooms and the movement ledger
  invalidEmail: { 'zh-CN': '邮箱地址格式不正确', en: 'This is not an email address' },
  minAboveMax: { 'zh-CN': '最低值不能高于最高值', en: 'The minimum cannot be above the maximum' },
  roomCodeTaken: {
    'zh-CN': '已有库房使用编码 {code}',
    en: 'A room with the code {code} already exists',
  },
  capacityBelowContents: {
    'zh-CN': '容量不能少于库房内现有的 {count} 件作品',
    en: 'The capacity cannot be below the {count} artworks in the room now',
  },
  roomNotEmpty: {
    'zh-CN': '库房内还有 {count} 件作品，请先移出再停用',
    en: 'The room still holds {count} artworks: move them out before disabling it',
  },
  positionOutsideRoom: {
    'zh-CN': '{inventoryNo} 不在库房里：只有放在库房中的作品才有库位',
    en: '{inventoryNo} is not in a warehouse room: only an artwork in a room has a place in it',
  },
  reportAfterToday: {
    'zh-CN': '日期不能晚于今天：只能登记已经发生的交接',
    en: 'The date cannot be after today: only a hand-over that has happened is recorded',
  },
  arrivalBeforeDeparture: {
    'zh-CN': '到达日期不能早于起运日期',
    en: 'The arrival cannot be dated before the departure',
  },
  dateInFuture: {
    'zh-CN': '不能查询未来的日期',
    en: 'The date cannot be in the future',
  },
  invalidInstant: {
    'zh-CN': '日期应写作 yyyy-MM-dd 或 ISO 8601 时间',
    en: 'Write a date as yyyy-MM-dd or an ISO 8601 date-time',
  },
  invalidParent: {
    'zh-CN': '上级无效：须属于同一字典，且不能是自身或其下级',
    en: 'Invalid parent: it must belong to the same list and cannot be the item itself or one below it',
  },
  // artwork archive
  invalidYear: { 'zh-CN': '年份须为四位数字', en: 'Years are written with four digits' },
  invalidRecordDate: {
    'zh-CN': '日期格式应为 yyyy、yyyy-MM 或 yyyy-MM-dd',
    en: 'Dates are written yyyy, yyyy-MM or yyyy-MM-dd',
  },
  invalidInventoryNo: {
    'zh-CN': '库存编号只能包含字母、数字和 . _ / -',
    en: 'Inventory numbers take letters, digits and . _ / - only',
  },
  inventoryNoTaken: { 'zh-CN': '该库存编号已存在', en: 'This inventory number is already in use' },
  onePreviewOnly: { 'zh-CN': '只能有一张预览图', en: 'Only one image can be the preview' },
  duplicateFile: { 'zh-CN': '同一文件不能重复添加', en: 'The same file is listed twice' },
  historySeqBeyond: {
    'zh-CN': '该流程的历史中没有这一步',
    en: "This process's history has no such event",
  },
  duplicateCalendarDay: { 'zh-CN': '同一日期只能列出一次', en: 'A date may be listed only once' },
  wrongFileKind: { 'zh-CN': '文件类型不符', en: 'This file is not of the expected type' },
  unknownOption: { 'zh-CN': '不在可选项中', en: 'Not one of the allowed values' },
  invalidRate: {
    'zh-CN': '汇率应为数字，最多 14 位整数和 10 位小数',
    en: 'A rate is a number with at most 14 digits before the point and 10 after it',
  },
  rateNotPositive: { 'zh-CN': '汇率必须大于零', en: 'The rate must be above zero' },
  duplicateRate: {
    'zh-CN': '这两种币种在该日期已有汇率',
    en: 'This pair of currencies already has a rate on this date',
  },
  unknownCurrency: { 'zh-CN': '不是系统中的币种', en: 'Not a currency of the system' },
  sameCurrency: {
    'zh-CN': '基准币种与报价币种不能相同',
    en: 'The base and quote currencies must differ',
  },
  rateImportSource: {
    'zh-CN': '请上传一个 Excel 文件，或粘贴 CSV 内容（二选一）',
    en: 'Give either an Excel file or CSV text, one of the two',
  },
  rateImportTooMany: {
    'zh-CN': '一次最多导入 {max} 行汇率',
    en: 'At most {max} rates can be imported at once',
  },
  ambiguousArtist: {
    'zh-CN': '有多位艺术家同名，请先在系统中区分',
    en: 'Several artists have this name: tell them apart in the archive first',
  },
  missingColumn: { 'zh-CN': '缺少列：{column}', en: 'Missing column: {column}' },
  noDataRows: { 'zh-CN': '文件中没有数据行', en: 'The file has no data rows' },
  duplicateInFile: {
    'zh-CN': '该库存编号在文件中重复出现',
    en: 'This inventory number appears more than once in the file',
  },
  recordWithoutArtwork: {
    'zh-CN': '作品表中没有该库存编号',
    en: 'No row of the artworks sheet has this inventory number',
  },
  importHasErrors: {
    'zh-CN': '有 {count} 行数据有误：请修正后重新导入，或确认只导入正确的行',
    en: 'Rows with errors: {count}. Fix them and import again, or confirm importing only the valid rows',
  },
  importNotReady: {
    'zh-CN': '该导入任务尚未检查完毕或已经结束',
    en: 'This import is still being checked or has already finished',
  },
  nothingToImport: { 'zh-CN': '没有可导入的行', en: 'There are no valid rows to import' },
  invalidSize: {
    'zh-CN': '尺寸应写作“60 × 80 cm”（1 至 3 个数值，单位 cm、mm、m 或 in）',
    en: 'Sizes are written like "60 × 80 cm" (1 to 3 values, unit cm, mm, m or in)',
  },
  yesOrNo: { 'zh-CN': '请填写“是”或“否”', en: 'Write Yes or No' },
  changedSinceCheck: {
    'zh-CN': '该作品在检查后已被修改，请重新导入文件',
    en: 'This artwork changed after the check: import the file again',
  },
  exportTooMany: {
    'zh-CN': '一次最多导出 {max} 件作品，请缩小查询范围',
    en: 'At most {max} artworks can be exported at once: narrow the search',
  },
  labelsNothingChosen: {
    'zh-CN': '请选择一个库房或要打印标签的作品',
    en: 'Choose a room or the artworks to print labels for',
  },
  labelsRoomOrArtworks: {
    'zh-CN': '请选择库房或作品其中之一，不能同时选择',
    en: 'Choose either a room or artworks, not both',
  },
  lidoNothingChosen: { 'zh-CN': '请选择要导出为 LIDO 的作品', en: 'Choose the artworks to export as LIDO' },
  lidoBadId: { 'zh-CN': '无法识别的作品标识：{value}', en: 'Not an artwork reference: {value}' },
  lidoTooMany: {
    'zh-CN': '一次最多导出 {max} 件作品为 LIDO（本次为 {count} 件），请分批导出',
    en: 'At most {max} artworks can be exported as LIDO at once (this asks for {count}): export in parts',
  },
  lidoUnknownArtworks: {
    'zh-CN': '所选作品中有 {count} 件不在档案中：{ids}',
    en: '{count} of the chosen artworks are not in the archive: {ids}',
  },
  labelsBadId: { 'zh-CN': '无法识别的作品标识：{value}', en: 'Not an artwork reference: {value}' },
  labelsUnknownArtworks: {
    'zh-CN': '所选作品中有 {count} 件不在档案中',
    en: '{count} of the chosen artworks are not in the archive',
  },
  labelsRoomNotFound: { 'zh-CN': '库房不存在', en: 'No such room' },
  labelsRoomEmpty: {
    'zh-CN': '该库房目前没有作品，无需打印标签',
    en: 'This room holds no artworks: there is nothing to print',
  },
  labelsTooMany: {
    'zh-CN': '一次最多打印 {max} 张标签（本次为 {count} 张），请分批打印或减少所选作品',
    en: 'At most {max} labels can be printed at once (this asks for {count}): print in parts or choose fewer artworks',
  },
  labelsFontMissing: {
    'zh-CN':
      '找不到打印标签所需的中文字体（{path}）：请安装 fonts-noto-cjk，或用 VITRINE_PDF_FONT 指定字体文件',
    en: 'The Chinese font for labels was not found ({path}): install fonts-noto-cjk or set VITRINE_PDF_FONT to a font file',
  },
  // Legal entities, ownership and pledges.
  entityNotFound: { 'zh-CN': '没有这个法律实体', en: 'No such legal entity' },
  unknownJurisdiction: {
    'zh-CN': '司法辖区应为 ISO 3166 两位国家或地区代码，如 HK',
    en: 'The jurisdiction is an ISO 3166 two-letter country code, such as HK',
  },
  entityCycle: {
    'zh-CN': '上级实体不能是该实体本身或其下属实体',
    en: 'The parent cannot be the entity itself or one under it',
  },
  invalidShare: {
    'zh-CN': '份额应大于 0 且不超过 100（最多两位小数）',
    en: 'A share is above 0 and at most 100 (at most two decimals)',
  },
  sharesNotHundred: {
    'zh-CN': '各方份额合计应为 100.00%，现为 {total}%',
    en: 'The shares add up to {total} %, not 100.00 %',
  },
  ownerTwice: { 'zh-CN': '同一实体只能列出一次', en: 'Each entity is listed once' },
  ownerUnknown: {
    'zh-CN': '没有名为“{name}”的法律实体（请填写法律实体的中文或英文名称）',
    en: 'No legal entity is named "{name}" (write a legal entity\'s Chinese or English name)',
  },
  ownerBadPart: {
    'zh-CN': '“{part}”应写作“实体名称 60%”，多个所有者用分号分隔',
    en: '"{part}" should read "Entity name 60%", several owners separated by semicolons',
  },
  ownershipOverlaps: {
    'zh-CN': '开始日期须晚于当前所有权的开始日期 {from}',
    en: 'The start must come after {from}, when the current ownership began',
  },
  ownershipBeforeArtwork: {
    'zh-CN': '开始日期早于作品的创作年份 {year}',
    en: 'The start is before the artwork was made ({year})',
  },
  pledgeEndsBeforeStart: {
    'zh-CN': '质押结束日期不能早于开始日期',
    en: 'A pledge cannot end before it starts',
  },
  artworkPledged: {
    'zh-CN': '作品 {artwork} 已质押给 {lender}（自 {from} 起）：不能出售或借展',
    en: 'Artwork {artwork} is pledged to {lender} (since {from}): it cannot be sold or lent',
  },
  notDeaccessioned: {
    'zh-CN': '作品 {artwork} 没有已批准的注销：须先完成藏品注销并获批准，才能出售',
    en: 'Artwork {artwork} has no approved deaccession: a work is sold only once its deaccession is approved',
  },
  nextDueBeforeCheck: {
    'zh-CN': '下次检查日期不能早于本次检查日期',
    en: 'The next check cannot be due before this check',
  },
  plannedInPast: {
    'zh-CN': '计划日期不能早于今天',
    en: 'The planned date cannot be earlier than today',
  },
  conditionRuleTarget: {
    'zh-CN': '请选择一件作品或一个分类（二选一）',
    en: 'Choose either one artwork or one category',
  },
  conditionRuleNotFound: { 'zh-CN': '该检查规则不存在', en: 'This check rule does not exist' },
  titleChecklistIncomplete: {
    'zh-CN': '所有权核查的每一项都须勾选',
    en: 'Every item of the proof of title must be checked',
  },
  // Release notes and dynamic content.
  releaseNumberFormat: {
    'zh-CN': '版本号应为以点分隔的数字，如 1.10.0',
    en: 'A release number is numbers separated by dots, such as 1.10.0',
  },
  releaseNumberNotAfter: {
    'zh-CN': '版本号必须大于已发布的最新版本 {latest}',
    en: 'The release number must come after the latest published release, {latest}',
  },
  releaseNumberTaken: { 'zh-CN': '版本号 {number} 已存在', en: 'Release {number} already exists' },
  releaseNumberFixed: {
    'zh-CN': '已发布的版本不能更改版本号',
    en: 'A published release keeps its number',
  },
  releaseAlreadyPublished: { 'zh-CN': '该版本已发布', en: 'This release is already published' },
  releaseDeleteDraftOnly: {
    'zh-CN': '只能删除草稿，已发布的版本会保留',
    en: 'Only drafts can be deleted; published releases are kept',
  },
  contentDatesOrder: {
    'zh-CN': '结束日期不能早于开始日期',
    en: 'The end date cannot be before the start date',
  },
  contentImageOnly: {
    'zh-CN': '只能使用本系统上传的 JPG 或 PNG 图片',
    en: 'Only JPG or PNG images uploaded here can be used',
  },
  contentUnknownRole: { 'zh-CN': '所选角色不存在', en: 'A chosen role does not exist' },
  contentBodyRequired: { 'zh-CN': '正文不能为空', en: 'The body cannot be empty' },
  contentAlreadyPublished: { 'zh-CN': '该内容已发布', en: 'This item is already published' },
  contentNotPublished: {
    'zh-CN': '该内容未发布，无需撤回',
    en: 'This item is not published: nothing to withdraw',
  },
  // valuations
  valuationNegative: { 'zh-CN': '估值金额不能为负数', en: 'A valuation cannot be negative' },
  valuationInFuture: { 'zh-CN': '估值日期不能晚于今天', en: 'The valuation date cannot be in the future' },
  unknownArtwork: { 'zh-CN': '没有这件作品', en: 'No such artwork' },
  unknownInventoryNo: { 'zh-CN': '没有该库存编号的作品', en: 'No artwork has this inventory number' },
  valuationNeedsNote: {
    'zh-CN': '作品 {artworks} 已售出或缺失：请在备注中说明估值原因',
    en: 'Artwork {artworks} is sold or missing: say in the note why it is valued',
  },
  reportNotPdf: { 'zh-CN': '估值报告须为 PDF 文件', en: 'The valuation report must be a PDF' },
  badStaleYears: { 'zh-CN': '年数应为 1 到 50 之间的整数', en: 'The years are a whole number from 1 to 50' },
  // full export and import
  exportNotAnExport: {
    'zh-CN': '该文件不是 Vitrine 导出文件：{reason}',
    en: 'This file is not a Vitrine export: {reason}',
  },
  exportTruncated: {
    'zh-CN': '导出文件不完整（已被截断）：{reason}',
    en: 'The export file is incomplete (truncated): {reason}',
  },
  exportNewerFormat: {
    'zh-CN': '该导出文件为较新的格式版本 {version}，本系统只能读取到版本 {supported}，请先升级 Vitrine',
    en: 'This export is in a newer format version ({version}); this Vitrine reads up to version {supported}: upgrade first',
  },
  exportNewerSchema: {
    'zh-CN': '该导出文件来自较新的 Vitrine（{migrations} 个数据库迁移，本系统有 {known} 个），请先升级',
    en: 'This export comes from a newer Vitrine ({migrations} database migrations, this one has {known}): upgrade first',
  },
  exportChecksumMismatch: {
    'zh-CN': '导出文件中的 {entry} 与清单不符（{reason}），未写入任何数据',
    en: 'The entry {entry} does not match the manifest ({reason}); nothing was written',
  },
  exportTargetNotEmpty: {
    'zh-CN': '目标不为空：{what} 已有数据。只能导入到空的数据库和空的数据目录',
    en: 'The target is not empty: {what} already holds data. An export is imported only into an empty database and data folder',
  },
  exportJobBusy: {
    'zh-CN': '已有一个完整导出正在进行，请等它完成',
    en: 'A full export is already running: wait for it to finish',
  },
  exportNotReady: { 'zh-CN': '该导出尚未完成', en: 'This export is not finished yet' },
  exportFailed: { 'zh-CN': '导出失败', en: 'The export failed' },
  // tamper evidence: the hash chains
  auditRowChanged: {
    'zh-CN': '第 {row} 行写入后被改动：其内容与哈希不符',
    en: 'Row {row} was changed after it was written: its content does not match its hash',
  },
  auditRowMissing: {
    'zh-CN': '第 {row} 行已不存在：被删除了',
    en: 'Row {row} is gone: it was removed',
  },
  auditRowsRemovedAtEnd: {
    'zh-CN': '链末尾第 {row} 行至第 {last} 行已不存在：被删除了',
    en: 'Rows {row} to {last} at the end of the chain are gone: they were removed',
  },
  auditRowsUnchained: {
    'zh-CN': '有 {count} 行不在链中：它们是绕过系统写入的',
    en: '{count} rows are outside the chain: they were written around the system',
  },
  auditRowsUnlinked: {
    'zh-CN': '有 {count} 行写入后超过 {seconds} 秒仍未入链：等待期间被改动，或链接程序未在运行',
    en: '{count} rows written have waited more than {seconds} seconds to be linked: changed while waiting, or the linker is not running',
  },
  msgAuditBroken: {
    'zh-CN': '防篡改校验未通过：{chain}',
    en: 'Tamper check failed: {chain}',
  },
  msgAuditBrokenBody: {
    'zh-CN': '{at} 的校验发现：{reason}。请核查数据库的访问记录，并与您在别处保存的链头比对。',
    en: 'The check at {at} found: {reason}. Review who had access to the database, and compare with the chain heads you keep elsewhere.',
  },
} as const satisfies Record<string, Words>

export type MessageKey = keyof typeof MESSAGES

/** A message's parameters: the same in both languages, or worded in each (a status named in a list). */
export type MessageParams = Record<string, string | number | Words>

export function formatMessage(key: MessageKey, lang: Lang, params?: MessageParams): string {
  let text: string = MESSAGES[key][lang] ?? MESSAGES[key]['zh-CN']
  if (params)
    for (const [k, v] of Object.entries(params))
      text = text.replaceAll(`{${k}}`, typeof v === 'object' ? v[lang] : String(v))
  return text
}

/** The envelope every API response uses. */
export interface Envelope<T = unknown> {
  code: number
  msg: string
  data: T
}

export interface FieldErrors {
  fieldErrors: Record<string, string>
}

export interface Page<T> {
  list: T[]
  total: number
  page: number
  pageSize: number
}

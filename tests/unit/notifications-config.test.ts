// The email settings: on only with both SMTP_URL and SMTP_FROM, a malformed URL or sender stops
// the start without repeating the URL, links start with VITRINE_PUBLIC_URL, and neither the log line nor a
// stored SMTP error ever holds the password.
import { describe, expect, it } from 'vitest'
import { loadConfig, smtpUrlForLog } from '../../src/server/config'
import { emailText } from '../../src/server/modules/notifications/outbox'
import { describeSendError } from '../../src/server/modules/notifications/settings'

const URL_WITH_PASSWORD = 'smtp://mailer:S3cret%2Fpass@mail.example.org:587'

describe('email settings', () => {
  it('is off unless both SMTP_URL and SMTP_FROM are set', () => {
    expect(loadConfig({}).smtp).toBeUndefined()
    expect(loadConfig({ SMTP_URL: URL_WITH_PASSWORD }).smtp).toBeUndefined()
    expect(loadConfig({ SMTP_FROM: 'noreply@example.org' }).smtp).toBeUndefined()
    expect(
      loadConfig({ SMTP_URL: URL_WITH_PASSWORD, SMTP_FROM: 'Vitrine <noreply@example.org>' }).smtp,
    ).toEqual({
      url: URL_WITH_PASSWORD,
      from: 'Vitrine <noreply@example.org>',
    })
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example.org', SMTP_FROM: 'a@b.org' }).smtp?.url).toBe(
      'smtps://mail.example.org',
    )
  })

  it('refuses a malformed URL or sender, never repeating the URL', () => {
    for (const url of ['http://u:Hunter2@mail.example.org', 'mail.example.org:25', 'smtp://u:Hunter2@'])
      expect(() => loadConfig({ SMTP_URL: url, SMTP_FROM: 'a@b.org' })).toThrow(/^SMTP_URL must look like/)
    try {
      loadConfig({ SMTP_URL: 'http://u:Hunter2@mail.example.org', SMTP_FROM: 'a@b.org' })
    } catch (error) {
      expect((error as Error).message).not.toContain('Hunter2')
    }
    expect(() => loadConfig({ SMTP_URL: URL_WITH_PASSWORD, SMTP_FROM: 'nobody' })).toThrow(/SMTP_FROM/)
  })

  it('takes the public URL without its trailing slash, localhost and the port by default', () => {
    expect(loadConfig({ PORT: '9090' }).publicUrl).toBe('http://localhost:9090')
    expect(loadConfig({ VITRINE_PUBLIC_URL: 'https://vitrine.example.org/' }).publicUrl).toBe(
      'https://vitrine.example.org',
    )
    expect(() => loadConfig({ VITRINE_PUBLIC_URL: 'vitrine.example.org' })).toThrow(/VITRINE_PUBLIC_URL/)
  })

  it('masks the password in the log line and in stored errors', () => {
    expect(smtpUrlForLog(URL_WITH_PASSWORD)).toBe('smtp://mailer:***@mail.example.org:587')
    const settings = { smtpUrl: URL_WITH_PASSWORD, from: 'a@b.org', publicUrl: 'https://v.example.org' }
    const said = describeSendError(
      Object.assign(new Error(`Invalid login for S3cret/pass at ${URL_WITH_PASSWORD}`), { code: 'EAUTH' }),
      settings,
    )
    expect(said).not.toMatch(/S3cret/)
    expect(said).toContain('(EAUTH)')
  })

  it('words the email in one language, with the process link and where to change the choice', () => {
    const settings = { smtpUrl: URL_WITH_PASSWORD, from: 'a@b.org', publicUrl: 'https://v.example.org' }
    const message = {
      processId: 'p-1',
      title: { zh: '已驳回：尽调购买·尽调报告', en: 'Rejected: Purchase, Due-diligence report' },
      body: { zh: '王五 留言：价格过高', en: 'Wang Wu wrote: Price too high' },
    }
    const en = emailText(settings, message, 'en')
    expect(en.subject).toBe('Rejected: Purchase, Due-diligence report')
    expect(en.text).toContain('Wang Wu wrote: Price too high')
    expect(en.text).toContain('Open it in Vitrine: https://v.example.org/devOpsManage/index?process=p-1')
    expect(en.text).toContain('https://v.example.org/notifications')
    expect(en.text).not.toMatch(/[\u4e00-\u9fff]/)
    const zh = emailText(settings, message, 'zh-CN')
    expect(zh.subject).toBe('已驳回：尽调购买·尽调报告')
    expect(zh.text).toContain('在 Vitrine 中查看：https://v.example.org/devOpsManage/index?process=p-1')
    expect(zh.text).not.toContain('Rejected')
  })
})

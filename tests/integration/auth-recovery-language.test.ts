import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, linkAndCode, projectWith } from '../utils/mailbox.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// The recovery mail speaks the language the visitor asked in (ADR 027), through the project's
// own template (supabase/templates/recovery.html, config.toml [auth.email.template.recovery]):
// the same Go template hosted GoTrue renders, chosen by the redirect address the app sends.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ mailbox: true, project: projectWith({}) });
});
afterAll(async () => {
  await stack?.stop();
});

const site = 'http://127.0.0.1:8080';

async function mailFor(redirectTo?: string) {
  const { email } = await stack.createUser();
  const { error } = await stack
    .client()
    .auth.resetPasswordForEmail(email, redirectTo ? { redirectTo } : {});
  expect(error).toBeNull();
  return (await latestMail(stack.url, email))!;
}

describe('the recovery mail in the visitor’s language', () => {
  it('is Thai when the app asks from a Thai page, with its link and code', async () => {
    const mail = await mailFor(`${site}/th/auth`);
    expect(mail.subject).toBe('รีเซ็ตรหัสผ่านของคุณ');
    expect(mail.text).toMatch(/^กดลิงก์นี้เพื่อตั้งรหัสผ่านใหม่ของบัญชีคุณ:\n\nตั้งรหัสผ่านใหม่: http/);
    expect(mail.text).toMatch(/หรือกรอกรหัสยืนยัน: \d{6}\n$/);
    expect(mail.html).toContain('<p><a href="http://');
    expect(mail.html).not.toMatch(/Reset|Follow|\{\{/);
    const link = /: (http\S+)/.exec(mail.text)![1]!;
    expect(new URL(link).searchParams.get('redirect_to')).toBe(`${site}/th/auth`);
  });

  it.each([
    ['lo', 'ຕັ້ງລະຫັດຜ່ານຂອງທ່ານໃໝ່', 'ຫຼື ປ້ອນລະຫັດຢືນຢັນ:'],
    ['vi', 'Đặt lại mật khẩu của bạn', 'Hoặc nhập mã:'],
    ['zh', '重置您的密码', '或者输入验证码：'],
    ['ms', 'Tetapkan Semula Kata Laluan Anda', 'Atau, masukkan kod:'],
  ])('is %s from that language’s pages', async (locale, subject, code) => {
    const mail = await mailFor(`${site}/${locale}/auth`);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(code);
  });

  it('stays English, word for word, from English pages, without a redirect and from elsewhere', async () => {
    for (const redirectTo of [`${site}/auth`, undefined, 'http://localhost:5173/th/auth']) {
      const mail = await mailFor(redirectTo);
      expect(mail.subject).toBe('Reset Your Password');
      const { link, code } = linkAndCode(mail);
      expect(mail.text).toBe(
        `Follow this link to reset the password for your user:\n\nReset Password: ${link}\n\n` +
          `Alternatively, enter the code: ${code}\n`,
      );
    }
  });
});

// The demo users (one per seeded role, and a second finance user: whoever submits a payment never confirms
// that its money moved, so a purchase needs two people who pay), shared by the seed that creates them and the
// demo processes they run. `foundation` is a viewer limited to one legal entity (its scope, set by the demo
// entities' step when the demo collection is seeded): it sees only the works the foundation owns today.
export const DEMO_USERS = [
  { username: 'registrar', displayName: '林书仪 Lin Shuyi', role: 'registrar' },
  { username: 'operations', displayName: '周启航 Zhou Qihang', role: 'operations' },
  { username: 'finance', displayName: '陈慧敏 Chen Huimin', role: 'finance' },
  { username: 'finance2', displayName: '何嘉怡 He Jiayi', role: 'finance' },
  { username: 'approver', displayName: '王致远 Wang Zhiyuan', role: 'approver' },
  { username: 'viewer', displayName: '赵安然 Zhao Anran', role: 'viewer' },
  { username: 'foundation', displayName: '宋雅文 Song Yawen', role: 'viewer', scope: 'foundation' },
] as const

export type DemoUsername = (typeof DEMO_USERS)[number]['username']

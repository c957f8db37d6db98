import { Tag } from 'antd';
import type { permissionLevel } from '@proofmark/shared/accounts/permissions';

type Level = ReturnType<typeof permissionLevel>;

const colors: Record<Level, string> = {
  ADMIN: 'gold',
  ISSUER: 'blue',
  'VIEW ONLY': 'default',
  CUSTOM: 'cyan',
};

/** The main permission level of spec §6 as a coloured tag. */
export function LevelTag({ level }: { level: Level }) {
  return (
    <Tag color={colors[level]} style={{ marginInlineEnd: 0, fontWeight: 600, letterSpacing: '0.02em' }}>
      {level}
    </Tag>
  );
}

import { Link } from 'react-router';
import { LogoMark } from './LogoMark';
import { LOGO_CLASS } from './logo-class';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className={LOGO_CLASS}>
      <LogoMark />
    </Link>
  );
}

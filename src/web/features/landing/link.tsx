import { createContext, useContext, type ReactNode } from 'react';

/**
 * How the landing page links. In the single-page app it is React Router's Link (with navigation
 * state); on the pre-rendered landing entry it is a plain anchor, so that page ships no router.
 */
export interface LinkLikeProps {
  to: string;
  state?: unknown;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}
export type LinkLike = (props: LinkLikeProps) => ReactNode;

const PlainLink: LinkLike = ({ to, className, onClick, children }) => (
  <a href={to} className={className} onClick={onClick}>
    {children}
  </a>
);

export const LandingLinkContext = createContext<LinkLike>(PlainLink);
export const useLandingLink = () => useContext(LandingLinkContext);

export const LOGO_CLASS = 'flex items-center gap-2 text-lg font-extrabold tracking-tight text-brand-900';

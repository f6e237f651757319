// Plain values of the blog the app needs on its first load (no zod: importing schema.ts would pull zod into it).
export { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';

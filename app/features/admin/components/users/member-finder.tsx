import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { css } from '../../../../../styled-system/css';
import { MEMBER_SEARCH_MAX } from '../../../../../edge/features/users/constants.ts';
import { TextField } from '../../../../ui/field.tsx';
import { Button } from '../../../../ui/button.tsx';
import type { AdminViewer } from '../../member-display.ts';
import { membersQueryOptions, type AdminMember } from '../../members-queries.ts';
import { FetchFailure } from '../fetch-failure.tsx';
import { emptyClass, listClass, noteClass, sectionClass, sectionTitleClass, skeletonClass } from '../styles.ts';
import { MemberRow } from './member-row.tsx';

/** Typing settles this long before the list asks the server again. */
const SEARCH_DELAY_MS = 300;
const skeletonItemClass = css({ height: '36' });

export interface MemberFinderProps {
  viewer: AdminViewer;
  /** Extra buttons per member from other parts of the control center (Suspend, Ban); see MemberRow's `actions`. */
  memberActions?: ((member: AdminMember) => ReactNode) | undefined;
}

/** D24: find any member by a prefix of their name or e-mail (every member by name when empty), a page at a time. */
export function MemberFinder({ viewer, memberActions }: MemberFinderProps) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const query = useInfiniteQuery(membersQueryOptions(search));
  const members = query.data?.pages.flatMap((p) => p.members) ?? [];

  return (
    <section className={sectionClass} aria-labelledby="member-finder-title">
      <h2 id="member-finder-title" className={sectionTitleClass}>
        User Management
      </h2>
      <p className={noteClass}>
        Find any member, set their role, verify them or sign them out everywhere. Every change is written to the audit
        log.
      </p>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(text.trim());
        }}
      >
        <TextField
          label="Search members"
          type="search"
          placeholder="Name or e-mail"
          maxLength={MEMBER_SEARCH_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          helperText="Matches the start of a first name, last name or e-mail address."
        />
      </form>
      {query.isPending ? (
        <div className={listClass} aria-busy="true" aria-label="Loading members">
          <div className={`${skeletonClass} ${skeletonItemClass}`} />
          <div className={`${skeletonClass} ${skeletonItemClass}`} />
        </div>
      ) : query.isError ? (
        <FetchFailure title="Failed to load members" error={query.error} onRetry={() => void query.refetch()} />
      ) : members.length === 0 ? (
        <p className={emptyClass} role="status">
          {search ? `No members match "${search}"` : 'No members yet'}
        </p>
      ) : (
        <>
          <ul className={listClass} aria-label={search ? `Members matching ${search}` : 'Members'}>
            {members.map((member) => (
              <li key={member.id}>
                {/* Keyed by what can change, so the row's role picker starts again from the saved role. */}
                <MemberRow
                  key={`${member.role}-${member.isVerified}`}
                  member={member}
                  viewer={viewer}
                  actions={memberActions?.(member)}
                />
              </li>
            ))}
          </ul>
          {query.hasNextPage ? (
            <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {query.isFetchingNextPage ? 'Loading...' : 'Load More'}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

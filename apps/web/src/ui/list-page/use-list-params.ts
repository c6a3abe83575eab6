import { useSearchParams } from 'react-router';

const pageFrom = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * A list's filters and page kept in the URL (the URL is state: a reload keeps them). `update` sets or, for
 * null, removes parameters; a changed filter starts again from the first page unless `keepPage`. Page 1 is the
 * page without the parameter. `hrefFor` and `onNavigate` are what `Pagination` takes.
 */
export function useListParams(pageParam: string, { replace = true }: { replace?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>, keepPage = false) =>
    setParams(
      (next) => {
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        if (!keepPage) next.delete(pageParam);
        return next;
      },
      { replace },
    );
  const pageValue = (target: number) => (target === 1 ? null : String(target));
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    const value = pageValue(target);
    if (value === null) next.delete(pageParam);
    else next.set(pageParam, value);
    return `?${next.toString()}`;
  };
  return {
    params,
    page: pageFrom(params.get(pageParam)),
    update,
    hrefFor,
    onNavigate: (target: number) => update({ [pageParam]: pageValue(target) }, true),
  };
}

/**
 * A project's value in search's `project` filter (use11): its folder, as the home shows it
 * under the project's title (`real/ddv1982__echo`), or, for one of pstack's per-slug trails
 * (`.audit/<slug>.tsv`, several projects in one folder), the folder and the slug as the title
 * joins them (`real/EnzoTironi__OS · build-v1-04`). Before, every trail of a folder had the
 * folder as its value: search offered one option for them all, and a recap's Check first could
 * not link a group to a search of its rows alone (use10 listed them instead).
 */
import { perSlugTrailSlug } from '../formats/pstack-trail.ts';

/** What the value is made of: the project's folder and its sources' paths. */
export interface SearchProjectOf {
  /** The project folder, relative to the input's parent (`real/EnzoTironi__OS`). */
  root: string;
  /** Its sources, paths relative to the folder. */
  sources: ReadonlyArray<{ path: string }>;
}

/**
 * The project's `project` filter value: `root`, or `root · slug` when its trail is a per-slug
 * trail (a per-slug project holds that one trail). Its id's words end it, so a link naming the
 * project by its id (`?project=enzotironi__os--build-v1-04`) still means it
 * (src/lib/search/query/url-state.ts `valuesMeant`), and a link naming the folder means it when
 * the folder holds one trail.
 */
export function searchProjectValue(project: SearchProjectOf): string {
  for (const s of project.sources) {
    const slug = perSlugTrailSlug(s.path);
    if (slug !== null) return `${project.root} · ${slug}`;
  }
  return project.root;
}

/**
 * The ids of the projects whose `project` filter value another project of the archive has too
 * (two inputs whose folders have one name): search cannot list one of them alone, so their
 * recaps list Check first's groups instead of linking to search.
 */
export function projectsSharingSearchValue(projects: ReadonlyArray<SearchProjectOf & { id: string }>): Set<string> {
  const byValue = new Map<string, string[]>();
  for (const p of projects) {
    const value = searchProjectValue(p);
    byValue.set(value, [...(byValue.get(value) ?? []), p.id]);
  }
  return new Set([...byValue.values()].filter((ids) => ids.length > 1).flat());
}

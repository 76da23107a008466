/**
 * What the names of a gather's folders (and archives) say, read from the names alone: the gather
 * image an image folder stands for, the time in a 5.0 `must-gather.local.*` name or an Insights
 * archive's name, an `oc adm inspect` destination, and which files are the gather's own
 * bookkeeping rather than data.
 */
import type { Dirent } from 'node:fs';

/**
 * The gather image an image folder stands for. `oc adm must-gather` names the folder after the
 * gather pod's ImageID with every run of non-alphanumerics replaced by `-`
 * (openshift/oc `pkg/cli/admin/mustgather/mustgather.go`, `copyFilesFromPod`), so
 * `quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:<d>` becomes
 * `quay-io-openshift-release-dev-ocp-v4-0-art-dev-sha256-<d>`. That replacement cannot be
 * undone in general (`.`, `/`, `:`, `@` and `-` all became `-`): this is a best-effort reading
 * that turns known registries and repositories back into a reference and otherwise keeps the
 * folder's own spelling before `@sha256:`. An exact image from `must-gather.logs` is preferred
 * where it names this folder's image (`imageFromLog`).
 */
export function imageOfFolder(name: string): string | undefined {
  const m = imageFolder.exec(name);
  if (!m) return undefined;
  const prefix = m[1]!;
  const digest = m[2]!;
  return `${readableRepository(prefix) ?? prefix}@sha256:${digest}`;
}

/** `<anything>-sha256-<64 hex>`: an image folder's name. */
const imageFolder = /^(.+?)-sha256-([0-9a-f]{64})$/;

export function isImageFolderName(name: string): boolean {
  return imageFolder.test(name);
}

/** Registries whose `-` spelling is unambiguous, as they appear in ImageIDs. */
const registries: [string, string][] = [
  ['quay-io-', 'quay.io/'],
  ['registry-redhat-io-', 'registry.redhat.io/'],
  ['registry-access-redhat-com-', 'registry.access.redhat.com/'],
  ['registry-ci-openshift-org-', 'registry.ci.openshift.org/'],
  ['registry-build01-ci-openshift-org-', 'registry.build01.ci.openshift.org/'],
];

/**
 * Repositories (after the registry) whose `-` spelling is known: the release payload's and the
 * must-gather images Red Hat ships. Anything else is left as the folder spells it.
 */
const repositories: Record<string, string> = {
  'openshift-release-dev-ocp-v4-0-art-dev': 'openshift-release-dev/ocp-v4.0-art-dev',
  'openshift-release-dev-ocp-release': 'openshift-release-dev/ocp-release',
  'openshift4-ose-must-gather': 'openshift4/ose-must-gather',
  'openshift4-ose-must-gather-rhel9': 'openshift4/ose-must-gather-rhel9',
  'openshift4-ose-must-gather-rhel8': 'openshift4/ose-must-gather-rhel8',
  'odf4-odf-must-gather-rhel9': 'odf4/odf-must-gather-rhel9',
  'odf4-odf-must-gather-rhel8': 'odf4/odf-must-gather-rhel8',
  'container-native-virtualization-cnv-must-gather-rhel9':
    'container-native-virtualization/cnv-must-gather-rhel9',
  'container-native-virtualization-cnv-must-gather-rhel8':
    'container-native-virtualization/cnv-must-gather-rhel8',
  'openshift-logging-cluster-logging-rhel9-operator':
    'openshift-logging/cluster-logging-rhel9-operator',
};

function readableRepository(prefix: string): string | undefined {
  for (const [spelt, host] of registries) {
    if (!prefix.startsWith(spelt)) continue;
    const repo = repositories[prefix.slice(spelt.length)];
    return repo ? host + repo : undefined;
  }
  return undefined;
}

/** How `oc` names an image folder for an image reference: runs of non-alphanumerics as `-`. */
function folderSpelling(image: string): string {
  return image.replace(/[^A-Za-z0-9]+/g, '-');
}

/**
 * The exact image of an image folder among the images `must-gather.logs` names: the one whose
 * `-` spelling is the folder's name (an image given by digest), or the one whose repository's
 * spelling starts it (an image given by tag: its repository with the folder's digest).
 */
export function imageFromLog(folder: string, logImages: string[]): string | undefined {
  const m = imageFolder.exec(folder);
  for (const image of logImages) {
    if (folderSpelling(image) === folder) return image;
  }
  if (!m) return undefined;
  for (const image of logImages) {
    const repo = repositoryOf(image);
    if (folderSpelling(repo) === m[1]) return `${repo}@sha256:${m[2]!}`;
  }
  return undefined;
}

/** `host/ns/name` of a reference, without its tag or digest. */
function repositoryOf(image: string): string {
  const at = image.indexOf('@');
  const noDigest = at === -1 ? image : image.slice(0, at);
  const slash = noDigest.lastIndexOf('/');
  const colon = noDigest.lastIndexOf(':');
  return colon > slash ? noDigest.slice(0, colon) : noDigest;
}

/**
 * The time in a must-gather destination's name. The must-gather operator (5.0,
 * openshift/must-gather-operator#364, `pkg/mustgatherutil/util.go`
 * `GenerateMustGatherDirectoryName`) names it
 * `must-gather.local.<cluster-id-suffix>.<YYYYMMDDTHHMMSSZ>.<random>`, or
 * `must-gather.local.<YYYYMMDDTHHMMSSZ>.<random>` without a cluster ID; the time is UTC, taken
 * when the gather was created. Any dot-separated part of that shape is read, so the parts may
 * come in another order (and a `.tar.gz` or an archive's `!` may follow).
 */
export function timeOfDestinationName(name: string): Date | undefined {
  if (!name.startsWith('must-gather.local.')) return undefined;
  for (const part of name.split('.')) {
    const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(part);
    if (m) return utc(m);
  }
  return undefined;
}

/**
 * The time in an Insights Operator archive's name: `insights-2006-01-02-150405.tar.gz`, the
 * capture time of its first record in UTC (openshift/insights-operator
 * `pkg/recorder/diskrecorder/diskrecorder.go`, `Save`). A folder named so (the archive
 * extracted into a folder of its name, or into `<name>!/`) counts too.
 */
export function timeOfInsightsName(name: string): Date | undefined {
  const m = /^insights-(\d{4})-(\d{2})-(\d{2})-(\d{2})(\d{2})(\d{2})(?:\.tar\.gz)?!?$/.exec(name);
  return m ? utc(m) : undefined;
}

function utc(m: RegExpExecArray): Date | undefined {
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // 2024-02-31 is not a time: refuse what Date would roll over.
  return t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && h < 24 && mi < 60 && s < 60
    ? t
    : undefined;
}

/** `oc adm inspect`'s default destination, which must-gather's fallback also uses. */
export function isInspectDestination(name: string): boolean {
  return /^inspect\.local\.\d+$/.test(name);
}

/** `oc adm must-gather`'s destination (any release, 5.0 names included). */
export function isMustGatherDestination(name: string): boolean {
  return name.startsWith('must-gather.local.');
}

/** A must-gather destination: its name, or the files oc writes beside the image folders. */
export function isDestinationListing(name: string, files: ReadonlySet<string>): boolean {
  return isMustGatherDestination(name) || files.has('must-gather.logs') || files.has('timestamp');
}

/** No folder, no link, and no file but the gather's own bookkeeping (or nothing at all). */
export function holdsOnlyBookkeeping(entries: Dirent[]): boolean {
  return entries.every((e) => e.isFile() && bookkeepingFiles.has(e.name));
}

/**
 * Files a gather writes about itself, not data: an image folder holding only these (or nothing)
 * holds nothing the analysis reads.
 */
const bookkeepingFiles: ReadonlySet<string> = new Set([
  'gather.logs',
  'must-gather.logs',
  'must-gather.log',
  'timestamp',
  'version',
  'event-filter.html',
]);

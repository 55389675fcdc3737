/**
 * Migration 0018, full-text search by the database (decision 034): the hand-written index
 * (`search_terms`, one row per term and article, scored by a GROUP BY) gives way to each engine's own
 * full-text index, kept in step with `articles` by triggers, so every writer (the seed, an upgrade,
 * a test's fixture, a later editor) keeps it right without knowing it exists.
 *
 * - SQLite: `article_search`, an FTS5 table without a copy of the text (contentless, rows deletable)
 *   over title, topic name, authors, summary, lead and body, tokenised by unicode61 with diacritics
 *   removed and the Porter stemmer, with prefix indexes of 3 and 4 characters (auto-suggest asks
 *   for 3 or more). detail=column: the index records which columns hold a word, not where in them
 *   (no phrase queries are made), so a field counts once however often it repeats a word, and the
 *   index is about half the size it is with positions.
 *   Its rowid is an `article_search_docs.docid` (an article's own rowid may change on VACUUM; the
 *   docid never does); the docs table maps it to the article id both ways.
 * - PostgreSQL: `article_search(article_id, document)`, a tsvector weighted title A, topic and authors
 *   B, summary and lead C, body D (the 'english' configuration, Latin accents folded first as
 *   SQLite's remove_diacritics does), with a GIN index. Statement
 *   triggers with transition tables compute the documents of a whole INSERT in one statement.
 *
 * Both: a topic's rename rewrites its articles' documents. The existing articles are indexed here.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from './database';
import { isPostgres } from './locks';

/** The index's columns in the order of bm25()'s weights (repositories/search-index.ts). */
const SQLITE = [
  `CREATE VIRTUAL TABLE article_search USING fts5(
     title, topic, authors, summary, lead, body,
     content='', contentless_delete=1, detail=column,
     tokenize='porter unicode61 remove_diacritics 2', prefix='3 4')`,
  `CREATE TABLE article_search_docs (docid INTEGER PRIMARY KEY, article_id TEXT NOT NULL UNIQUE)`,
  `CREATE TRIGGER articles_search_insert AFTER INSERT ON articles BEGIN
     INSERT INTO article_search_docs (article_id) VALUES (new.id);
     INSERT INTO article_search (rowid, title, topic, authors, summary, lead, body)
       SELECT d.docid, new.title, coalesce((SELECT name FROM topics WHERE id = new.topic_id), ''), new.authors, new.summary, new.lead, new.body
       FROM article_search_docs d WHERE d.article_id = new.id;
   END`,
  `CREATE TRIGGER articles_search_delete AFTER DELETE ON articles BEGIN
     DELETE FROM article_search WHERE rowid = (SELECT docid FROM article_search_docs WHERE article_id = old.id);
     DELETE FROM article_search_docs WHERE article_id = old.id;
   END`,
  `CREATE TRIGGER articles_search_update AFTER UPDATE OF id, title, summary, lead, body, authors, topic_id ON articles BEGIN
     DELETE FROM article_search WHERE rowid = (SELECT docid FROM article_search_docs WHERE article_id = old.id);
     DELETE FROM article_search_docs WHERE article_id = old.id;
     INSERT INTO article_search_docs (article_id) VALUES (new.id);
     INSERT INTO article_search (rowid, title, topic, authors, summary, lead, body)
       SELECT d.docid, new.title, coalesce((SELECT name FROM topics WHERE id = new.topic_id), ''), new.authors, new.summary, new.lead, new.body
       FROM article_search_docs d WHERE d.article_id = new.id;
   END`,
  `CREATE TRIGGER topics_search_rename AFTER UPDATE OF name ON topics BEGIN
     DELETE FROM article_search WHERE rowid IN
       (SELECT d.docid FROM article_search_docs d JOIN articles a ON a.id = d.article_id WHERE a.topic_id = new.id);
     INSERT INTO article_search (rowid, title, topic, authors, summary, lead, body)
       SELECT d.docid, a.title, new.name, a.authors, a.summary, a.lead, a.body
       FROM articles a JOIN article_search_docs d ON d.article_id = a.id WHERE a.topic_id = new.id;
   END`,
  `INSERT INTO article_search_docs (article_id) SELECT id FROM articles ORDER BY id`,
  `INSERT INTO article_search (rowid, title, topic, authors, summary, lead, body)
     SELECT d.docid, a.title, coalesce(t.name, ''), a.authors, a.summary, a.lead, a.body
     FROM article_search_docs d JOIN articles a ON a.id = d.article_id LEFT JOIN topics t ON t.id = a.topic_id`,
];

/** Latin letters with diacritics and their plain letters (SQLite's remove_diacritics; no extension needed). */
const ACCENTED = 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿ';
const PLAIN = 'AAAAAACEEEEIIIINOOOOOOUUUUYaaaaaaceeeeiiiinoooooouuuuyy';

/** The weighted document of an article (the same expression in every trigger and the backfill). */
const PG_DOCUMENT = (a: string, topic: string) =>
  `setweight(to_tsvector('english', article_search_fold(${a}.title)), 'A') ||
   setweight(to_tsvector('english', article_search_fold(coalesce(${topic}, ''))), 'B') ||
   setweight(to_tsvector('english', article_search_fold(${a}.authors)), 'B') ||
   setweight(to_tsvector('english', article_search_fold(${a}.summary)), 'C') ||
   setweight(to_tsvector('english', article_search_fold(${a}.lead)), 'C') ||
   setweight(to_tsvector('english', article_search_fold(${a}.body)), 'D')`;

const POSTGRES = [
  `CREATE TABLE article_search (
     article_id text PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE ON UPDATE CASCADE,
     document tsvector NOT NULL)`,
  `CREATE INDEX article_search_document_idx ON article_search USING gin (document)`,
  `CREATE FUNCTION article_search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
     AS $$ SELECT translate($1, '${ACCENTED}', '${PLAIN}') $$`,
  `CREATE FUNCTION article_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO article_search (article_id, document)
       SELECT n.id, ${PG_DOCUMENT('n', 't.name')} FROM new_articles n LEFT JOIN topics t ON t.id = n.topic_id;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER articles_search_insert AFTER INSERT ON articles
     REFERENCING NEW TABLE AS new_articles FOR EACH STATEMENT EXECUTE FUNCTION article_search_inserted()`,
  // Only rows whose indexed text changed are computed again (an UPDATE of a flag costs nothing).
  `CREATE FUNCTION article_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO article_search (article_id, document)
       SELECT n.id, ${PG_DOCUMENT('n', 't.name')} FROM new_articles n LEFT JOIN topics t ON t.id = n.topic_id
       WHERE NOT EXISTS (SELECT 1 FROM old_articles o WHERE o.id = n.id
         AND (o.title, o.summary, o.lead, o.body, o.authors, o.topic_id) IS NOT DISTINCT FROM (n.title, n.summary, n.lead, n.body, n.authors, n.topic_id))
     ON CONFLICT (article_id) DO UPDATE SET document = excluded.document;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER articles_search_update AFTER UPDATE ON articles
     REFERENCING OLD TABLE AS old_articles NEW TABLE AS new_articles FOR EACH STATEMENT EXECUTE FUNCTION article_search_updated()`,
  `CREATE FUNCTION article_search_topic_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE article_search s SET document = ${PG_DOCUMENT('a', 'new.name')}
       FROM articles a WHERE a.id = s.article_id AND a.topic_id = new.id;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER topics_search_rename AFTER UPDATE OF name ON topics
     FOR EACH ROW WHEN (old.name IS DISTINCT FROM new.name) EXECUTE FUNCTION article_search_topic_renamed()`,
  `INSERT INTO article_search (article_id, document)
     SELECT a.id, ${PG_DOCUMENT('a', 't.name')} FROM articles a LEFT JOIN topics t ON t.id = a.topic_id`,
];

export const fullTextSearchMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const statements = isPostgres(db as Kysely<Database>) ? POSTGRES : SQLITE;
    for (const statement of statements) await sql.raw(statement).execute(db);
    await db.schema.dropTable('search_terms').execute();
  },
};

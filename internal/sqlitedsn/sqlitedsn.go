// Package sqlitedsn builds modernc.org/sqlite data source names for files, shared by the
// store and by ground truth's reading of app databases pulled off a device.
package sqlitedsn

import (
	"path/filepath"
	"strings"
)

// File is the modernc.org/sqlite data source for the file at path with the given URI
// query. The DSN is an SQLite URI: '?', '#' and '%' in the path must be escaped, or the
// file lands elsewhere ("a?b/x.db" would open "a") or cannot be opened at all.
func File(path, query string) string {
	dsn := "file:" + strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(filepath.ToSlash(path))
	if query != "" {
		dsn += "?" + query
	}
	return dsn
}

// Package csvcell keeps text from traces out of spreadsheet formulas. A cell that starts
// with =, +, -, @, a tab or a carriage return is run as a formula by Excel, LibreOffice
// and Google Sheets when the CSV is opened (a task text "=HYPERLINK(...)" would); OWASP's
// advice for CSV injection is to prefix such a cell with a single quote, which the
// spreadsheet shows as text and does not evaluate.
package csvcell

// Text returns s safe to write as a CSV cell of text: s itself, or s after a single quote
// when it starts with a character a spreadsheet reads as the start of a formula. Cells of
// numbers the program formats itself (a negative value) are not text and do not go
// through it.
func Text(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

// Texts applies Text to every cell.
func Texts(cells ...string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = Text(c)
	}
	return out
}

package view

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/report"
)

// reportFile builds the static report (autoeval report's output) of the traces the list's
// filters keep, to share: one HTML file that needs neither the viewer nor a network, or
// its JSON or CSV. It is built in memory, so a list longer than ReportLimit is refused
// with the command that writes the report of any size.
func (s *Server) reportFile(w http.ResponseWriter, r *http.Request) {
	format := r.URL.Query().Get("format")
	if format == "" {
		format = "html"
	}
	if format != "html" && format != "json" && format != "csv" {
		http.Error(w, "format: want html, json or csv", http.StatusBadRequest)
		return
	}
	q := ParseQuery(r.URL.Query())
	all := s.index.Traces()
	q.Page, q.Per = 1, len(all)+1
	list := q.Run(all).Page
	if len(list) > s.opts.ReportLimit {
		args := ""
		for _, root := range s.index.Roots() {
			args += " --traces " + shellQuote(root)
		}
		http.Error(w, fmt.Sprintf("%d traces: a report built here holds at most %d. Filter the list, or write the report of every trace with\n  autoeval report%s --out report.html",
			len(list), s.opts.ReportLimit, args), http.StatusRequestEntityTooLarge)
		return
	}
	d := &eval.Dataset{Root: strings.Join(s.index.Roots(), ", "), Roots: s.index.Roots()}
	for _, sum := range list {
		it, err := s.cache.open(sum)
		if err != nil {
			d.Warnings = append(d.Warnings, "skipped trace: "+oneLine(err.Error()))
			continue
		}
		d.Items = append(d.Items, it)
	}
	width := report.DefaultThumbWidth
	if format != "html" {
		width = 0 // no thumbnails
	}
	title := "autoeval report: " + d.Root
	if enc := q.Encode(); enc != "" {
		title += " (" + enc + ")"
	}
	rep, err := report.Build(r.Context(), d, report.Options{Title: title, ThumbWidth: width, Eval: eval.Options{Seed: 1}})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	var buf bytes.Buffer
	switch format {
	case "html":
		err = rep.WriteHTML(&buf)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		// The report's own policy (inline styles, data: images, nothing else), should a
		// browser show it rather than save it.
		w.Header().Set("Content-Security-Policy", "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox")
	case "json":
		err = rep.WriteJSON(&buf)
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
	case "csv":
		err = rep.WriteCSV(&buf)
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="autoeval-report.%s"`, format))
	w.Write(buf.Bytes())
}

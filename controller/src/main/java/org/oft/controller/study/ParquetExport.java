package org.oft.controller.study;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * A study's rows as a Parquet file, written by DuckDB from the flat CSV export (its column types inferred: numbers
 * as numbers, booleans as booleans, JSON cells as text), so that pandas, R's arrow and Spark read it as it is.
 */
public final class ParquetExport {
    private ParquetExport() {
    }

    public static void write(List<ResultStore.Row> rows, Path out) {
        Path csv = null;
        try {
            csv = Files.createTempFile("oft-study-", ".csv");
            try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(csv))) {
                StudyTable.csv(rows, w);
            }
            Path target = out.toAbsolutePath();
            Path tmp = target.resolveSibling(target.getFileName() + ".tmp-" + ProcessHandle.current().pid());
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
                s.execute("COPY (SELECT * FROM read_csv(" + literal(csv) + ", header = true, auto_detect = true, sample_size = -1)) TO "
                        + literal(tmp) + " (FORMAT parquet)");
            }
            Files.move(tmp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot write Parquet to " + out + ": " + StudyFile.firstLine(e.getMessage()));
        } catch (UnsatisfiedLinkError | ExceptionInInitializerError e) {
            throw new IllegalStateException("Parquet export needs DuckDB's library for this machine, packaged for Linux only: "
                    + "export --format csv and convert it there");
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + out + ": " + e.getMessage());
        } finally {
            if (csv != null) {
                try {
                    Files.deleteIfExists(csv);
                } catch (IOException e) {
                    // a temporary file left behind
                }
            }
        }
    }

    private static String literal(Path p) {
        return "'" + p.toString().replace("'", "''") + "'";
    }
}

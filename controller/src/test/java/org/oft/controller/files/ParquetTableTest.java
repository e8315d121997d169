package org.oft.controller.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parquet as another reader sees it: DuckDB (a test dependency only) reads back every value, type and gap of a seeded
 * table with every column type, gaps in runs, more than 15 columns and more than 8 booleans a column.
 */
class ParquetTableTest {
    @TempDir
    Path dir;

    @Test
    void duckDbReadsBackEveryValueAndGap() throws Exception {
        Random random = new Random(7);
        List<String> columns = new ArrayList<>();
        for (int c = 0; c < 20; c++) {
            columns.add(c == 3 ? "anomalies.deadlock" : c == 5 ? "utilisation by level.1" : "col" + c);
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int r = 0; r < 300; r++) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (int c = 0; c < columns.size(); c++) {
                if (random.nextInt(10) == 0 || (r >= 100 && r < 140 && c % 2 == 0)) {
                    continue; // a gap, and a run of them
                }
                Object v = switch (c % 5) {
                    case 0 -> random.nextLong();
                    case 1 -> random.nextDouble() * 1e6 - 5e5;
                    case 2 -> random.nextBoolean() ? (Object) (long) random.nextInt(1000) : (Object) (random.nextInt(1000) + 0.5);
                    case 3 -> random.nextBoolean();
                    default -> "välue " + random.nextInt() + (r % 7 == 0 ? ", \"quoted\"\n" : "") + "→";
                };
                m.put(columns.get(c), v);
            }
            rows.add(m);
        }
        Path file = dir.resolve("t.parquet");
        Files.write(file, ParquetTable.of(columns, rows));
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            try (ResultSet t = s.executeQuery("SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM '" + file + "')")) {
                List<String> types = new ArrayList<>();
                while (t.next()) {
                    types.add(t.getString(1) + " " + t.getString(2));
                }
                assertEquals(List.of("col0 BIGINT", "col1 DOUBLE", "col2 DOUBLE", "anomalies.deadlock BOOLEAN", "col4 VARCHAR",
                        "utilisation by level.1 BIGINT", "col6 DOUBLE", "col7 DOUBLE", "col8 BOOLEAN", "col9 VARCHAR"), types.subList(0, 10));
            }
            try (ResultSet r = s.executeQuery("SELECT * FROM '" + file + "'")) {
                int row = 0;
                while (r.next()) {
                    for (int k = 0; k < columns.size(); k++) {
                        Object want = rows.get(row).get(columns.get(k));
                        Object got = r.getObject(k + 1);
                        if (want instanceof Number n && got instanceof Number g && !(want instanceof Long && k % 5 == 0)) {
                            assertEquals(n.doubleValue(), g.doubleValue(), 0.0, "row " + row + " " + columns.get(k));
                        } else {
                            assertEquals(want, got, "row " + row + " " + columns.get(k));
                        }
                    }
                    row++;
                }
                assertEquals(300, row);
            }
        }
    }

    @Test
    void anEmptyTableIsAFileWithItsColumns() throws Exception {
        Path file = dir.resolve("empty.parquet");
        Files.write(file, ParquetTable.of(List.of("id", "load"), List.of()));
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT count(*) FROM '" + file + "'")) {
            r.next();
            assertEquals(0, r.getInt(1));
        }
    }
}

package org.oft.controller.study;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oft.controller.files.ParquetTable;
import org.oft.controller.files.OutputFile;

/**
 * A study's rows as a Parquet file: the flat records of the CSV and JSON exports, one column per field, numbers as
 * numbers and booleans as booleans (JSON cells as text), so that pandas, R's arrow and Spark read it as it is. Written
 * as every export is ({@link org.oft.controller.files.OutputFile}): never half a file.
 */
public final class ParquetExport {
    private ParquetExport() {
    }

    public static void write(List<ResultStore.Row> rows, Path out) {
        List<Map<String, Object>> flat = rows.stream().map(StudyTable::flat).toList();
        Set<String> columns = new LinkedHashSet<>();
        flat.forEach(m -> columns.addAll(m.keySet()));
        OutputFile.write(out, ParquetTable.of(new ArrayList<>(columns), flat)); // whole or not at all
    }
}

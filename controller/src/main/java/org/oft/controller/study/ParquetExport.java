package org.oft.controller.study;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oft.controller.files.ParquetTable;

/**
 * A study's rows as a Parquet file: the flat records of the CSV and JSON exports, one column per field, numbers as
 * numbers and booleans as booleans (JSON cells as text), so that pandas, R's arrow and Spark read it as it is. Written
 * whole beside the target and moved into place: never half a file.
 */
public final class ParquetExport {
    private ParquetExport() {
    }

    public static void write(List<ResultStore.Row> rows, Path out) {
        List<Map<String, Object>> flat = rows.stream().map(StudyTable::flat).toList();
        Set<String> columns = new LinkedHashSet<>();
        flat.forEach(m -> columns.addAll(m.keySet()));
        byte[] bytes = ParquetTable.of(new ArrayList<>(columns), flat);
        Path target = out.toAbsolutePath();
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        try {
            Files.write(tmp, bytes);
            Files.move(tmp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException left) {
                // a temporary file left behind
            }
            throw new IllegalStateException("cannot write " + out + ": " + org.oft.controller.files.InputFile.reason(e));
        }
    }
}

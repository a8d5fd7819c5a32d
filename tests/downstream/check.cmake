# Installs the etage build tree into a fresh prefix, then configures, builds and (on a
# machine that can run it) runs the downstream application against that install.
file(REMOVE_RECURSE ${WORK_DIR})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${ETAGE_BINARY_DIR} --prefix ${WORK_DIR}/prefix
                RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "install failed: ${rc}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/build -G Ninja
                        -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
                        -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DKokkos_DIR=${Kokkos_DIR}
                RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "downstream configure failed: ${rc}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK_DIR}/build RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "downstream build failed: ${rc}")
endif()
if(RUN_APP)
  execute_process(COMMAND ${WORK_DIR}/build/downstream_app RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "downstream_app failed: ${rc}")
  endif()
endif()
